// Renumbering on real claims and descriptions of corpus patents: moving a claim or a drawing
// rewrites every reference, keeps the wording and digit width, and moving back restores the text.
import { removeClaim, removeDrawing, reorderClaims, reorderDrawings } from '../../src/patent-documents/renumber.ts';
import { emptySections, TEXT_SECTIONS, type PatentDocument, type PatentSections } from '../../src/patent-documents/model.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { documentFromJpGazette, documentFromUsRecord, fullWidthNumber, readCorpusFile } from '../helpers/patent-document.ts';

const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
const usRecords = readCorpusFile('us.jsonl.gz');
const testWithJp = jpRecords ? test : test.skip;
const testWithUs = usRecords ? test : test.skip;
if (!jpRecords || !usRecords) console.warn('The shared corpus (../shared/corpus or HATSUMEI_CORPUS_DIR) is missing: the renumbering tests are skipped');

const claimsOf = (record: PatentRecord): PatentSections => ({ ...emptySections(), claims: (record.claims ?? []).map((claim) => claim.replace(/^\s*\d+\s*\.\s*/, '')) });
const firstToEnd = (n: number): number[] => [...Array.from({ length: n - 1 }, (_, i) => i + 1), 0];
const lastToFront = (n: number): number[] => [n - 1, ...Array.from({ length: n - 1 }, (_, i) => i)];
const recordWith = (records: PatentRecord[], pattern: RegExp, minClaims = 3): { record: PatentRecord; index: number; claim: string } => {
  for (const record of records) {
    const index = (record.claims ?? []).findIndex((claim) => pattern.test(claim));
    if (index >= 0 && record.claims!.length >= minClaims) return { record, index, claim: record.claims![index]! };
  }
  throw new Error(`no corpus claim matches ${pattern}`);
};

const toNumber = (digits: string): number => Number(digits.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)));

/** Range words between two numbers of a reference: 「１乃至３」「１から請求項３」「図１〜３」. */
const RANGE_WORD = /([０-９0-9])(乃至|ないし|から|～|〜)(請求項|図)?(?=[０-９0-9])/g;
const rangeWords = (texts: string[]): Set<string> => new Set(texts.flatMap((text) => [...text.matchAll(RANGE_WORD)].map((match) => match[2]!)));
const anyRangeWord = (texts: string[]): string[] => texts.map((text) => text.replace(RANGE_WORD, '$1〜$3'));

/**
 * Back to the start, the texts are the originals letter for letter, except where a range had to be
 * written as a list and the document kept no other reference with its range word: then the range
 * comes back in the document's other range word (「１〜３」 for a lone 「１乃至３」), nothing else differs.
 */
function expectRestored(original: string[], moved: string[], back: string[], id: string): void {
  // A "range" of two (「請求項１乃至２」) is written as the pair it is (「請求項１又は２」) once it moves.
  const pairRange = original.some((text) => [...text.matchAll(/([０-９]+)(?:乃至|ないし|から|～|〜)(?:請求項|図)?([０-９]+)/g)].some((match) => toNumber(match[2]!) === toNumber(match[1]!) + 1));
  // A list of three in a row (「請求項１、２または３」) cannot be told from a range that a move broke
  // into a list, and comes back as the range (「請求項１から３」).
  const listedRun = original.some((text) =>
    [...text.matchAll(/[０-９]+(?:(?:、|，|又は|または)[０-９]+){2,}/g)].some((match) => {
      const values = match[0].split(/、|，|又は|または/).map(toNumber);
      return values.some((value, i) => i >= 2 && values[i - 1] === value - 1 && values[i - 2] === value - 2);
    }),
  );
  if (pairRange || listedRun) return;
  const lost = [...rangeWords(original)].some((word) => !rangeWords(moved).has(word));
  if (lost) expect({ id, texts: anyRangeWord(back) }).toEqual({ id, texts: anyRangeWord(original) });
  else expect({ id, texts: back }).toEqual({ id, texts: original });
}

testWithJp('every Japanese corpus patent: claim 1 to the end and back gives the claims exactly as filed', () => {
  const withReferences = jpRecords!.filter((record) => (record.claims?.length ?? 0) >= 2 && record.claims!.some((claim) => /請求項/.test(claim)));
  expect(withReferences.length).toBeGreaterThan(100);
  for (const record of withReferences) {
    const sections = claimsOf(record);
    const n = sections.claims.length;
    const moved = reorderClaims(sections, firstToEnd(n), 'ja');
    expect(moved.claims).toHaveLength(n);
    const back = reorderClaims(moved, lastToFront(n), 'ja');
    expectRestored(sections.claims, moved.claims, back.claims, record.id);
    if (rangeWords(sections.claims).size === 0) expect(back.claims).toEqual(sections.claims);
  }
});

testWithJp('single references follow the move: 「請求項Ｎ記載の」 / 「請求項Ｎに記載の」 name the same claim afterwards', () => {
  let checked = 0;
  for (const record of jpRecords!) {
    const sections = claimsOf(record);
    const n = sections.claims.length;
    if (n < 3) continue;
    const moved = reorderClaims(sections, firstToEnd(n), 'ja');
    sections.claims.forEach((claim, old) => {
      const single = [...claim.matchAll(/請求項([０-９]+)(に)?記載/g)];
      // Only claims whose references are all single numbers: the claim that was N is now N − 1, claim 1 is n.
      if (single.length === 0 || single.length !== (claim.match(/請求項/g) ?? []).length) return;
      const now = moved.claims[old === 0 ? n - 1 : old - 1]!;
      const expected = single.map((match) => {
        const number = Number(match[1]!.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)));
        // A reference past the last claim (a gazette's own slip) names no claim and stays.
        return `請求項${fullWidthNumber(number > n ? number : number === 1 ? n : number - 1)}${match[2] ?? ''}記載`;
      });
      expect([...now.matchAll(/請求項[０-９]+に?記載/g)].map((match) => match[0])).toEqual(expected);
      checked++;
    });
  }
  expect(checked).toBeGreaterThan(100);
});

testWithJp('a range whose members part becomes a list, in the width and wording of the text: 「請求項１〜４のいずれか」', () => {
  const { record, index, claim } = recordWith(jpRecords!, /請求項１〜４のいずれか/, 6);
  const n = record.claims!.length;
  const moved = reorderClaims(claimsOf(record), firstToEnd(n), 'ja');
  // Claims 2–4 are now 1–3 (still a run, still 〜), claim 1 is n: 「請求項１〜３又はｎのいずれか」, joined as the claims join lists.
  const or = /又は|または/.exec(record.claims!.join(''))?.[0] ?? '又は';
  expect(moved.claims[index - 1]).toBe(claim.replace('請求項１〜４のいずれか', `請求項１〜３${or}${fullWidthNumber(n)}のいずれか`));
  // Claim 2 to the end instead: {1, n, 2, 3} is 1–3 and n.
  const second = reorderClaims(claimsOf(record), [0, ...Array.from({ length: n - 2 }, (_, i) => i + 2), 1], 'ja');
  expect(second.claims[index - 1]).toBe(claim.replace('請求項１〜４のいずれか', `請求項１〜３${or}${fullWidthNumber(n)}のいずれか`));
  // A run broken in the middle: claim 3 to the end leaves 1, 2, 3 (was 4) and n: still 1〜3 and n; claims 1–3 of a 〜 range with claim 2 moved out become a list.
  const { record: small, index: at, claim: text } = recordWith(jpRecords!, /請求項１[〜～]３の/, 5);
  const m = small.claims!.length;
  const broken = reorderClaims(claimsOf(small), [0, ...Array.from({ length: m - 2 }, (_, i) => i + 2), 1], 'ja');
  const range = /請求項１([〜～])３の/.exec(text)!;
  expect(broken.claims.find((_, i) => i === at - 1)).toBe(text.replace(range[0], `請求項１、２又は${fullWidthNumber(m)}の`));
});

testWithJp('half-width digits stay half-width, full-width stay full-width (「請求項1または２」)', () => {
  const { record, index, claim } = recordWith(jpRecords!, /請求項1または２/);
  const n = record.claims!.length;
  const moved = reorderClaims(claimsOf(record), firstToEnd(n), 'ja');
  // 1 → n, 2 → 1; the list ascends again and each position keeps its width.
  expect(moved.claims[index - 1]).toBe(claim.replace('請求項1または２', `請求項1または${fullWidthNumber(n)}`));
});

testWithJp('「請求項Ｎから請求項Ｍ」 and 「請求項Ｎ又は請求項Ｍ」 keep their repeated 請求項', () => {
  for (const pattern of [/請求項１から請求項３の/, /請求項１又は請求項２に/]) {
    const { record, index, claim } = recordWith(jpRecords!, pattern, 5);
    const n = record.claims!.length;
    const moved = reorderClaims(claimsOf(record), firstToEnd(n), 'ja');
    const expected = pattern.source.includes('から') ? `請求項１、請求項２又は請求項${fullWidthNumber(n)}の` : `請求項１又は請求項${fullWidthNumber(n)}に`;
    expect(moved.claims[index - 1]).toBe(claim.replace(pattern.source.replace(/\\/g, ''), expected));
  }
});

testWithUs('every US corpus patent: claim 1 to the end and back gives the claims exactly as issued', () => {
  // A "range" of two claims ("claims 1 and 2 to 3") comes back in the form attorneys write ("claims 1-3"), so not letter for letter.
  const twoMemberRange = (claim: string) => [...claim.matchAll(/\bclaims?\s[^.;]*?\b(\d+)\s*(?:to|through|-|–)\s*(\d+)/g)].some((match) => Number(match[2]) === Number(match[1]) + 1);
  const withReferences = usRecords!.filter((record) => (record.claims?.length ?? 0) >= 2 && record.claims!.some((claim) => /\bclaims?\s+\d/.test(claim)) && !record.claims!.some(twoMemberRange));
  expect(withReferences.length).toBeGreaterThan(100);
  for (const record of withReferences) {
    const sections = claimsOf(record);
    const n = sections.claims.length;
    const back = reorderClaims(reorderClaims(sections, firstToEnd(n), 'en'), lastToFront(n), 'en');
    expect({ id: record.id, claims: back.claims }).toEqual({ id: record.id, claims: sections.claims });
  }
});

testWithUs('English references follow: "claim 3", "claim 2 or 3", "any one of claims 1 to 3" (a broken range becomes a list)', () => {
  const { record, index, claim } = recordWith(usRecords!, /any one of claims 1 to 3\b/, 5);
  const n = record.claims!.length;
  const moved = reorderClaims(claimsOf(record), firstToEnd(n), 'en');
  expect(moved.claims[index - 1]).toBe(claimsOf(record).claims[index]!.replace('any one of claims 1 to 3', `any one of claims 1, 2 or ${n}`));
  expect(claim).toContain('claims 1 to 3');

  const single = recordWith(usRecords!, /\bclaim 2\b/, 3);
  const m = single.record.claims!.length;
  const after = reorderClaims(claimsOf(single.record), firstToEnd(m), 'en');
  expect(after.claims[single.index - 1]).toBe(claimsOf(single.record).claims[single.index]!.replace(/\bclaim 2\b/g, 'claim 1'));

  const pair = recordWith(usRecords!, /\bclaim 2 or 3\b/, 4);
  const k = pair.record.claims!.length;
  // Claim 3 to the front: 2 → 3, 3 → 1; the list ascends: "claim 1 or 3".
  const front = reorderClaims(claimsOf(pair.record), [2, 0, 1, ...Array.from({ length: k - 3 }, (_, i) => i + 3)], 'en');
  const now = front.claims[pair.index === 2 ? 0 : pair.index < 2 ? pair.index + 1 : pair.index]!;
  expect(now).toBe(claimsOf(pair.record).claims[pair.index]!.replace('claim 2 or 3', 'claim 1 or 3'));
});

testWithJp('removing a claim renumbers the later ones and reports the claims that still refer to it', () => {
  const { record } = recordWith(jpRecords!, /^請求項１記載/, 4);
  const sections = claimsOf(record);
  const { sections: after, dangling } = removeClaim(sections, 0, 'ja');
  expect(after.claims).toHaveLength(sections.claims.length - 1);
  const referring = sections.claims.map((claim, i) => (/請求項１(?![０-９])/.test(claim) ? i : -1)).filter((i) => i > 0);
  expect(dangling).toEqual(referring.map((i) => ({ claim: i, reference: 1 })));
  // The claim that said 「請求項２記載」 now says 「請求項１記載」.
  const second = sections.claims.findIndex((claim) => /^請求項２記載/.test(claim));
  if (second > 0) expect(after.claims[second - 1]).toBe(sections.claims[second]!.replace('請求項２記載', '請求項１記載'));
});

const JOINERS = '及び|および|又は|または|並びに|～|〜|~|－|‐|−|から|乃至|ないし|、';
/** How often 図n stands alone: not 図n０, not joined to another figure number by 及び, ～ …. */
const loneJa = (text: string, n: number): number =>
  text.match(new RegExp(`(?<!(?:${JOINERS})図?)図${fullWidthNumber(n)}(?![０-９])(?![（(][^）)]*[）)])?(?!(?:${JOINERS})図?[０-９])`, 'g'))?.length ?? 0;
/** How often "FIG. n" stands alone. */
const lone = (text: string, n: number): number => text.match(new RegExp(`(?<!(?:,|and|or|to|through|-)\\s*(?:FIGS?\\.\\s*)?)FIG\\. ${n}(?![0-9A-Za-z])(?!\\s*(?:,|and|or|to|through|-)\\s*(?:FIGS?\\.\\s*)?[0-9])`, 'g'))?.length ?? 0;

/** Texts of a document that hold figure references. */
const figureTexts = (document: PatentDocument): string[] => [...TEXT_SECTIONS.map((key) => document.sections[key]), ...document.drawings.map(({ description }) => description)];

testWithJp('drawings: figure 1 to the end and back restores every text; 図１ references become 図ｎ', () => {
  const documents = jpRecords!.map(documentFromJpGazette).filter(({ drawings, sections }) => drawings.length >= 3 && /図１(?![０-９])/.test(sections.embodiment));
  expect(documents.length).toBeGreaterThan(20);
  for (const document of documents) {
    const n = document.drawings.length;
    const moved = reorderDrawings(document, firstToEnd(n));
    expect(moved.drawings.map(({ id }) => id)).toEqual(firstToEnd(n).map((i) => document.drawings[i]!.id));
    // Every lone 図１ (not 図１０, not in a list or range) of the embodiment now reads 図ｎ, as often as before.
    expect(loneJa(moved.sections.embodiment, n)).toBe(loneJa(document.sections.embodiment, 1));
    const back = reorderDrawings(moved, lastToFront(n));
    expectRestored(figureTexts(document), figureTexts(moved), figureTexts(back), document.sections.title);
  }
});

testWithUs('drawings in a US specification: FIG. references follow and come back', () => {
  const documents = usRecords!.map(documentFromUsRecord).filter(({ drawings, sections }) => drawings.length >= 3 && /FIG\. 1\b/.test(sections.embodiment));
  expect(documents.length).toBeGreaterThan(5);
  for (const document of documents.slice(0, 50)) {
    const n = document.drawings.length;
    const moved = reorderDrawings(document, firstToEnd(n));
    // A lone "FIG. 1" (not in a list or range) now reads "FIG. n", as often as before.
    expect(lone(moved.sections.embodiment, n)).toBe(lone(document.sections.embodiment, 1));
    const back = reorderDrawings(moved, lastToFront(n));
    expect(figureTexts(back)).toEqual(figureTexts(document));
  }
});

testWithJp('removing a drawing renumbers later figures and reports where the removed one is still named', () => {
  const document = jpRecords!.map(documentFromJpGazette).find(({ drawings, sections }) => drawings.length >= 3 && /図２(?![０-９])/.test(sections.embodiment) && /図３(?![０-９])/.test(sections.embodiment))!;
  const { document: after, dangling } = removeDrawing(document, 1);
  expect(after.drawings).toHaveLength(document.drawings.length - 1);
  expect(dangling).toContainEqual({ where: 'embodiment', reference: 2 });
  // What was 図３ is 図２ now, as often as 図３ was named.
  const threes = document.sections.embodiment.match(/図３(?![０-９])/g)!.length;
  expect(after.sections.embodiment.match(/図２(?![０-９])/g)!.length).toBeGreaterThanOrEqual(threes);
});

testWithUs('"FIGS. 1 and 2" follows a move as one ascending list', () => {
  const document = usRecords!.map(documentFromUsRecord).find(({ drawings, sections }) => drawings.length >= 4 && /FIGS\. 1 and 2\b/.test(sections.embodiment))!;
  expect(document).toBeDefined();
  const n = document.drawings.length;
  const moved = reorderDrawings(document, firstToEnd(n));
  // 1 → n, 2 → 1: "FIGS. 1 and n"; as many such lists as there were "FIGS. 1 and 2".
  const before = document.sections.embodiment.match(/FIGS\. 1 and 2\b/g)!.length;
  expect(moved.sections.embodiment.match(new RegExp(`FIGS\\. 1 and ${n}\\b`, 'g'))!.length).toBe(before);
});

testWithUs('removing a US claim: later claims renumbered, "claim 1" references reported', () => {
  const record = usRecords!.find((candidate) => (candidate.claims?.length ?? 0) >= 4 && candidate.claims!.some((claim) => /\bclaim 1\b/.test(claim)) && candidate.claims!.some((claim) => /\bclaim 2\b/.test(claim)))!;
  const sections = claimsOf(record);
  const { sections: after, dangling } = removeClaim(sections, 0, 'en');
  const referring = sections.claims.flatMap((claim, i) => (i > 0 && /\bclaims? 1\b/.test(claim) ? [{ claim: i, reference: 1 }] : []));
  expect(dangling).toEqual(referring);
  const second = sections.claims.findIndex((claim, i) => i > 0 && /\bclaim 2\b/.test(claim) && !/\bclaims? 1\b/.test(claim));
  if (second > 0) expect(after.claims[second - 1]).toBe(sections.claims[second]!.replace(/\bclaim 2\b/g, 'claim 1'));
});
