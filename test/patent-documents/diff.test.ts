// Before/after differences of an edited section, on real claims of corpus patents edited as an
// attorney (or a GPT instruction) would edit them.
import { diffText, type DiffPart } from '../../src/patent-documents/diff.ts';
import { leadingCorpusRecords, readCorpusFile } from '../helpers/patent-document.ts';

const jpRecords = readCorpusFile('jp-fulltext.jsonl.gz');
// The first 300 US records hold claims enough for every case here: reading all 15,816 (497 million characters) took
// 35 s of this file's 35 s in a whole run (2026-11-29).
const usRecords = await leadingCorpusRecords('us.jsonl.gz', 300);
const testWithJp = jpRecords ? test : test.skip;
const testWithUs = usRecords ? test : test.skip;

/** The text before (same + removed) and after (same + added) the parts say. */
/** Real US claims without their printed number. */
const usClaims = (): string[] => usRecords!.flatMap((record) => record.claims ?? []).map((claim) => claim.replace(/^\s*\d+\s*\.\s*/, ''));

const sides = (parts: DiffPart[]) => ({
  before: parts.filter(({ kind }) => kind !== 'added').map(({ text }) => text).join(''),
  after: parts.filter(({ kind }) => kind !== 'removed').map(({ text }) => text).join(''),
});

testWithUs('English: whole words change, the rest of a real claim stays one unchanged run each side', () => {
  const claim = usClaims().find((text) => / comprising:? /.test(text) && text.length > 120)!;
  const at = claim.search(/ comprising/) + 1;
  const edited = claim.replace(/ comprising/, ' including');
  const parts = diffText(claim, edited, 'en');
  expect(parts).toEqual([
    { kind: 'same', text: claim.slice(0, at) },
    { kind: 'removed', text: 'comprising' },
    { kind: 'added', text: 'including' },
    { kind: 'same', text: claim.slice(at + 'comprising'.length) },
  ]);
  expect(sides(parts)).toEqual({ before: claim, after: edited });
});

testWithUs('English: two neighbouring changed words read as one change, not split at the space', () => {
  const claim = usClaims().find((text) => /^A [a-z]+ [a-z]+ [a-z]/.test(text))!;
  const [, first, second] = /^A ([a-z]+) ([a-z]+) /.exec(claim)!;
  const edited = claim.replace(`A ${first} ${second} `, 'An improved apparatus ');
  const parts = diffText(claim, edited, 'en');
  // Three changed words with single spaces between them: one removal and one addition, whole words.
  const head = `A ${first} ${second}`;
  expect(parts.slice(0, 3)).toEqual([
    { kind: 'removed', text: head },
    { kind: 'added', text: 'An improved apparatus' },
    { kind: 'same', text: claim.slice(head.length) },
  ]);
  expect(sides(parts)).toEqual({ before: claim, after: edited });
  // Every removed word is a whole word of the claim: no part starts or ends inside a word.
  for (const part of parts.filter(({ kind }) => kind !== 'same')) expect(part.text).toMatch(/^(\S.*\S|\S)$/s);
});

testWithJp('Japanese: character-level, a one-character unchanged run between two changes is folded into a phrase', () => {
  const claim = jpRecords!.flatMap((record) => record.claims ?? []).find((text) => /第１の[^、。]{2}/.test(text))!;
  const match = /第１の([^、。]{2})/.exec(claim)!;
  // 「第１の電極」 → 「第２の導体」: the shared 「の」 alone between two changes joins them.
  const edited = claim.replace(match[0], '第２の導体');
  const parts = diffText(claim, edited, 'ja');
  expect(sides(parts)).toEqual({ before: claim, after: edited });
  const changed = parts.filter(({ kind }) => kind !== 'same');
  expect(changed).toContainEqual({ kind: 'removed', text: expect.stringContaining(`１の${match[1]![0]}`) });
  expect(changed).toContainEqual({ kind: 'added', text: expect.stringContaining('２の導') });
  // No unchanged run of one character is left between two changes.
  parts.forEach((part, i) => {
    if (part.kind === 'same' && i > 0 && i < parts.length - 1) expect([...part.text].length).toBeGreaterThan(1);
  });
});

testWithJp('Japanese: a changed verb in a real claim is one removed and one added part', () => {
  const claim = jpRecords!.flatMap((record) => record.claims ?? []).find((text) => text.includes('を備える') && text.length > 60)!;
  const at = claim.indexOf('を備える');
  const edited = claim.replace('を備える', 'を有する');
  expect(diffText(claim, edited, 'ja')).toEqual([
    { kind: 'same', text: claim.slice(0, at + 1) },
    { kind: 'removed', text: '備え' },
    { kind: 'added', text: '有す' },
    { kind: 'same', text: claim.slice(at + 3) },
  ]);
});

testWithJp('identical texts are one unchanged part; empty before or after is all added or all removed', () => {
  const claim = jpRecords![0]!.claims![0]!;
  expect(diffText(claim, claim, 'ja')).toEqual([{ kind: 'same', text: claim }]);
  expect(diffText('', claim, 'ja')).toEqual([{ kind: 'added', text: claim }]);
  expect(diffText(claim, '', 'ja')).toEqual([{ kind: 'removed', text: claim }]);
  expect(diffText('', '', 'en')).toEqual([]);
});
