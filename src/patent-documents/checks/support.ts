// Support: claim terms the description never uses (a warning; the attorney decides). The terms
// are the noun compounds of the claim elements (cut as the simulation engine cuts a claim):
// Japanese compounds of ≥ 2 kanji/katakana characters, English nouns (the words after a/an/the/said).
// A Japanese compound counts as used when it, or every noun of ≥ 2 characters in it, occurs in
// the description; an English term when its stem does.
import { cutElements } from '../../priorart/elements.ts';
import { englishTokens, japaneseMorphology, japaneseNounPhrases, normalizeText } from '../../patents/analysis/index.ts';
import type { PatentSections } from '../model.ts';
import type { DraftingFinding } from './types.ts';

const DESCRIPTION: Array<keyof PatentSections> = ['domain', 'background', 'issue', 'method', 'effect', 'embodiment'];
const JA_TERM = /^[\p{Script=Han}\p{Script=Katakana}ー]{2,}$/u;
const CLAIM_WORDS = /^(?:請求項|前記|当該|上記|特徴|記載|いずれか|少なくとも|複数|一方|他方)/;

/** Words every claim may use without the description repeating them (patent boilerplate nouns). */
const GENERIC = /^(?:portions?|parts?|members?|elements?|means|devices?|units?|sections?|sides?|ends?|surfaces?|regions?|areas?|steps?|methods?|systems?|apparatus|assembly|assemblies|plurality|group|number|amount|combination|manner|way|time|position|direction)$/i;

const finding = (index: number, term: string): DraftingFinding => ({
  check: 'support',
  severity: 'warning',
  section: 'claims',
  item: index,
  text: term,
  key: 'checks.support',
  values: { claim: index + 1, term },
});

export async function checkSupport(sections: PatentSections, lang: 'ja' | 'en'): Promise<DraftingFinding[]> {
  const description = DESCRIPTION.map((key) => sections[key] as string).join('\n');
  if (!description.trim()) return [];
  const findings: DraftingFinding[] = [];
  if (lang === 'ja') {
    const text = normalizeText(description);
    const segmenter = await japaneseMorphology();
    for (const [index, claim] of sections.claims.entries()) {
      const seen = new Set<string>();
      for (const element of cutElements(claim, true)) {
        for (const phrase of await japaneseNounPhrases(element.text)) {
          if (!JA_TERM.test(phrase) || CLAIM_WORDS.test(phrase) || seen.has(phrase)) continue;
          seen.add(phrase);
          if (text.includes(phrase)) continue;
          const nouns = segmenter.tokenize(phrase).filter((t) => t.pos === '名詞' && t.surface_form.length >= 2);
          if (nouns.length > 0 && nouns.every((t) => text.includes(t.surface_form))) continue;
          findings.push(finding(index, phrase));
        }
      }
    }
    return findings;
  }
  const described = new Set(englishTokens(description));
  for (const [index, claim] of sections.claims.entries()) {
    const seen = new Set<string>();
    for (const match of claim.matchAll(/\b(?:a|an|the|said)\s+((?:[a-z][a-z-]*\s+){0,3}?[a-z][a-z-]{2,})(?=\s*(?:[,;:.()]|\b(?:of|to|in|on|at|by|for|with|from|and|or|that|which|wherein|being|having|is|are|has|have|[a-z]+ed|[a-z]+ing)\b))/gi)) {
      const head = match[1]!.split(/\s+/).at(-1)!;
      if (GENERIC.test(head) || /^(?:there|where)|ly$/i.test(head)) continue;
      const stem = englishTokens(head)[0];
      if (!stem || seen.has(stem) || described.has(stem)) continue;
      seen.add(stem);
      findings.push(finding(index, head));
    }
  }
  return findings;
}
