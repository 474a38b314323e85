// The finding every drafting check reports: where (section, item, the words as written) and
// what (an i18n key of locales/*/edit-checks.json with its values).
import type { PatentSections } from '../model.ts';

export type DraftingCheck = 'required' | 'antecedent' | 'dependency' | 'support' | 'signs' | 'figures' | 'length' | 'notation';

export interface DraftingFinding {
  check: DraftingCheck;
  severity: 'error' | 'warning';
  section: keyof PatentSections | 'drawings';
  /** Claim index, drawing index or list index, 0-based. */
  item?: number;
  /** The words concerned, as written. */
  text: string;
  key: string;
  values: Record<string, string | number>;
}

/** Full-width digits and letters as ASCII, one character for one (positions stay valid). */
export const halfWidth = (text: string): string =>
  text.replace(/[０-９Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/**
 * An antecedent-basis finding (both languages): the words as written and the term looked for.
 * An error in Japanese; a warning in English, where bench/drafting-checks still counts 2.35
 * findings per real (examined) US document — mostly inherent antecedents US practice accepts.
 */
export const antecedentFinding = (index: number, text: string, term: string, lang: 'ja' | 'en' = 'ja'): DraftingFinding => ({
  check: 'antecedent',
  severity: lang === 'ja' ? 'error' : 'warning',
  section: 'claims',
  item: index,
  text,
  key: 'checks.antecedent',
  values: { claim: index + 1, term },
});
