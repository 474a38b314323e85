// The parts an application cannot be filed without, and those an examiner expects. A blank
// document, or a Word file whose claims were not found under their heading, passed every other
// check ("no findings") while it could not be filed at all.
//   Japanese (特許法第36条, 施行規則様式第29): the claims, 【発明の名称】, 【発明を実施するための形態】
//   and the 【要約書】 are required (errors); 【技術分野】, 【背景技術】 and the 【発明の概要】's
//   課題 and 手段 are items the form asks for (warnings). Not 【発明の効果】: 76 of the corpus's 281
//   gazettes have none (most are translations of international applications), against 23 without
//   課題 or 手段 (bench/drafting-checks.ts counts them as false alarms on real texts).
//   English (37 CFR 1.72, 1.75, 1.77): title, claims, detailed description and abstract (errors);
//   background and the summary (warnings).
import type { PatentDocument, TextSection } from '../model.ts';
import type { DraftingFinding } from './types.ts';

const REQUIRED: readonly TextSection[] = ['title', 'embodiment', 'abstract'];
const EXPECTED: Record<PatentDocument['lang'], readonly TextSection[]> = {
  ja: ['domain', 'background', 'issue', 'method'],
  en: ['background', 'method'],
};

export function checkRequired(document: PatentDocument): DraftingFinding[] {
  const { sections } = document;
  const empty = (section: TextSection) => sections[section].trim() === '';
  const finding = (section: DraftingFinding['section'], severity: DraftingFinding['severity']): DraftingFinding => ({
    check: 'required',
    severity,
    section,
    text: '',
    // The claims are counted, not written: "There are no claims", not "Claims is empty".
    // The form that asks for a section is the document's office's, whatever the reader's language: a
    // US document read in Japanese cites 37 CFR 1.77, not the JPO's 様式第29.
    key: section === 'claims' ? 'checks.required.claims' : severity === 'error' ? 'checks.required.missing' : `checks.required.${document.lang === 'ja' ? 'expectedJpo' : 'expectedUs'}`,
    values: {},
  });
  const findings: DraftingFinding[] = [];
  if (empty('title')) findings.push(finding('title', 'error'));
  if (!sections.claims.some((claim) => claim.trim() !== '')) findings.push(finding('claims', 'error'));
  for (const section of REQUIRED.slice(1)) if (empty(section)) findings.push(finding(section, 'error'));
  for (const section of EXPECTED[document.lang]) if (empty(section)) findings.push(finding(section, 'warning'));
  return findings;
}
