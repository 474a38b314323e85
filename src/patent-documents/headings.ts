// The heading each section of a specification carries in the document itself: the JPO's 【…】
// headings for a Japanese document, US headings for an English one. The editors show them, and
// the drafting checks name a section by them, so a finding points at what the page shows. No
// Node imports: the editor island bundles it.
import type { DocumentLanguage, PatentSections } from './model.ts';

export type HeadedSection = keyof PatentSections | 'drawings';

const JPO_HEADINGS: Record<HeadedSection, string> = {
  title: '【発明の名称】',
  domain: '【技術分野】',
  background: '【背景技術】',
  preDocPatents: '【特許文献】',
  preDocNonPatents: '【非特許文献】',
  issue: '【発明が解決しようとする課題】',
  method: '【課題を解決するための手段】',
  effect: '【発明の効果】',
  drawings: '【図面の簡単な説明】',
  embodiment: '【発明を実施するための形態】',
  industrial_aplicability: '【産業上の利用可能性】',
  symbol_descriptions: '【符号の説明】',
  claims: '【特許請求の範囲】',
  abstract: '【要約書】',
};
const US_HEADINGS: Record<HeadedSection, string> = {
  title: 'Title',
  domain: 'Technical Field',
  background: 'Background',
  preDocPatents: 'Patent Literature',
  preDocNonPatents: 'Non-Patent Literature',
  issue: 'Summary — Technical Problem',
  method: 'Summary — Solution to Problem',
  effect: 'Summary — Advantageous Effects',
  drawings: 'Brief Description of the Drawings',
  embodiment: 'Detailed Description',
  industrial_aplicability: 'Industrial Applicability',
  symbol_descriptions: 'Reference Signs List',
  claims: 'Claims',
  abstract: 'Abstract',
};

export const sectionHeading = (lang: DocumentLanguage, section: HeadedSection): string => (lang === 'ja' ? JPO_HEADINGS : US_HEADINGS)[section];
