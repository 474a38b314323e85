// Drafting checks patent attorneys run by hand (issue 16 part 5): the parts an application needs,
// antecedent basis in claims,
// claim dependencies, support of claim terms in the description, reference signs, figures and
// the section length limit (§9: each application section 1,500) and the abstract's (JPO 400 characters, US 150 words),
// and notation (表記ゆれ: one word written several ways). Each finding points at the
// place (section, item, the words as written) and carries an i18n key of locales/*/edit-checks.json.
// Quality is measured on the real corpus by bench/drafting-checks.ts.
import { TEXT_SECTIONS, type PatentDocument } from './model.ts';
import { checkAbstract } from './checks/abstract.ts';
import { checkJapaneseAntecedents } from './checks/antecedent-ja.ts';
import { checkEnglishAntecedents } from './checks/antecedent-en.ts';
import { checkDependencies } from './checks/dependency.ts';
import { checkNotation, checkOkurigana } from './checks/notation.ts';
import { checkFigures, checkSigns } from './checks/references.ts';
import { checkRequired } from './checks/required.ts';
import { checkSupport } from './checks/support.ts';
import type { DraftingFinding } from './checks/types.ts';

export type { DraftingCheck, DraftingFinding } from './checks/types.ts';
export { claimReferences, claimAncestors } from './checks/dependency.ts';

/** §9 "each application section 1500" characters: a text section, one claim, one citation. */
export const MAX_SECTION_LENGTH = 1500;

const EXCERPT = 40;

function checkLengths(document: PatentDocument): DraftingFinding[] {
  const findings: DraftingFinding[] = [];
  const over = (text: string) => [...text].length > MAX_SECTION_LENGTH;
  const finding = (section: DraftingFinding['section'], text: string, item?: number): DraftingFinding => ({
    check: 'length',
    severity: 'error',
    section,
    ...(item !== undefined && { item }),
    text: [...text].slice(0, EXCERPT).join(''),
    key: 'checks.length',
    values: { length: [...text].length, limit: MAX_SECTION_LENGTH },
  });
  for (const section of TEXT_SECTIONS) if (over(document.sections[section])) findings.push(finding(section, document.sections[section]));
  for (const section of ['claims', 'preDocPatents', 'preDocNonPatents'] as const) {
    document.sections[section].forEach((text, item) => {
      if (over(text)) findings.push(finding(section, text, item));
    });
  }
  return findings;
}

/** All drafting findings of a document, check by check, in document order within each. */
export async function checkDocument(document: PatentDocument): Promise<DraftingFinding[]> {
  const { claims } = document.sections;
  const antecedents = document.lang === 'ja' ? await checkJapaneseAntecedents(claims) : checkEnglishAntecedents(claims);
  return [
    ...checkRequired(document),
    ...antecedents,
    ...checkDependencies(claims, document.lang),
    ...(await checkSupport(document.sections, document.lang)),
    ...checkSigns(document),
    ...checkFigures(document),
    ...checkLengths(document),
    ...checkAbstract(document),
    ...checkNotation(document),
    ...(await checkOkurigana(document)),
  ];
}
