// The drafter without GPT and the similar document the user pastes (§3 `similarDocument`): real
// claims of the shared corpus drafted with another corpus document's text pasted. The background
// describes the pasted document as known art in its own words (no number is made up for it), the
// problem names the claim-1 components it does not mention, and an empty paste changes nothing.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import { pastedSentence } from '../../src/creation/draft/pasted.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests } from '../helpers/corpus.ts';
import { draftInput } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz', 'us.jsonl.gz');

async function records(file: string, limit: number): Promise<PatentRecord[]> {
  const out: PatentRecord[] = [];
  const lines = createInterface({ input: createReadStream(path.join(CORPUS, file)).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as PatentRecord;
    if (record.claims?.length && record.abstract && record.description) out.push(record);
    if (out.length >= limit) break;
  }
  lines.close();
  return out;
}

const input = draftInput;

/** Text as the drafter compares it: no spaces, no full-width digits (reference signs are dropped from quotes). */
const bare = (text: string): string => text.replace(/[\s\u3000]+/g, '').replace(/[０-９0-9，,]/g, '');

corpusTest('Japanese: the pasted document is described as known art in its own words, and the problem names what it lacks', async () => {
  const [main, other] = await records('jp-fulltext.jsonl.gz', 2);
  const claims = main!.claims!.slice(0, 3);
  // A pasted gazette: its abstract (【課題】【解決手段】) and the start of its description.
  const pasted = `【要約】${other!.abstract}\n${other!.description!.slice(0, 2000)}`;
  const today = await draftWithoutGpt(input({ claims }));
  const draft = await draftWithoutGpt(input({ claims, similarDocument: pasted }));

  const lines = draft.sections.background.split('\n');
  expect(lines.length).toBe(today.sections.background.split('\n').length + 1);
  const known = lines[lines.length - 1]!;
  expect(known).toMatch(/^例えば、.+が知られている。$/);
  // The sentence is the first of the pasted 【解決手段】, its own words without reference signs;
  // 「Xは、…する。」 is written as 「…するX」 so that it reads 「…するXが知られている」.
  const first = /【解決手段】([^【。]+。)/.exec(other!.abstract!)![1]!.trim();
  const topic = /^(.+?)は、(.+)。$/.exec(first);
  const quoted = known.replace(/^例えば、/, '').replace(/が知られている。$/, '');
  expect(bare(quoted)).toBe(bare(topic ? `${topic[2]}${topic[1]}` : first.replace(/。$/, '')));
  // No number is invented for it.
  expect(draft.sections.preDocPatents).toEqual([]);
  expect(draft.sections.background).not.toContain('特許文献');

  // The problem contrasts claim 1 with it: the components it names are absent from the paste, and it names one.
  expect(draft.sections.issue).toMatch(/^しかしながら、上記の技術では、.+を備える構成については考慮されていない。/);
  const named = /上記の技術では、(.+?)を備え/.exec(draft.sections.issue)![1]!.split(/、|及び/);
  expect(named.length).toBeGreaterThan(0);
  for (const name of named) expect(pasted).not.toContain(name);
  expect(draft.sections.issue).not.toBe(today.sections.issue);
});

corpusTest('Japanese: beside cited documents, the pasted one is named 「公知技術」, so the problem cannot read as speaking of them all', async () => {
  const [main, other, similar] = await records('jp-fulltext.jsonl.gz', 3);
  const pasted = `【要約】${other!.abstract}\n${other!.description!.slice(0, 2000)}`;
  const draft = await draftWithoutGpt(input({ claims: main!.claims!.slice(0, 3), similar: [{ written: similar!.id, record: similar! }], similarDocument: pasted }));
  const lines = draft.sections.background.split('\n');
  expect(lines.some((line) => line.startsWith('例えば、特許文献１には、'))).toBe(true);
  expect(lines.at(-1)).toMatch(/^また、.+（以下、「公知技術」という。）が知られている。$/);
  expect(draft.sections.issue).toMatch(/^しかしながら、上記公知技術では、.+構成については考慮されていない。/);
});

corpusTest('English: the pasted document is quoted as known art, and the problem names the components it does not mention', async () => {
  const [main, other] = await records('us.jsonl.gz', 2);
  const claims = main!.claims!.slice(0, 3);
  const pasted = `Abstract\n${other!.abstract}\n\n${other!.description!.slice(0, 2500)}`;
  const today = await draftWithoutGpt(input({ lang: 'en', claims }));
  const draft = await draftWithoutGpt(input({ lang: 'en', claims, similarDocument: pasted }));

  const firstSentence = other!.abstract!.trim().split(/(?<=\.)\s/)[0]!.replace(/\.$/, '');
  expect(draft.sections.background.split('\n')).toEqual([...today.sections.background.split('\n'), `A known technique is described as follows: "${firstSentence}."`]);
  expect(draft.sections.preDocPatents).toEqual([]);
  expect(draft.sections.issue).toMatch(/^However, the known technique described above does not consider an? .+ including /);
  const named = /including (.+?)\. The present/.exec(draft.sections.issue)![1]!.split(/,\s*(?:and\s+)?|\s+and\s+/).map((name) => name.replace(/^an?\s+/, ''));
  expect(named.length).toBeGreaterThan(0);
  for (const name of named) expect(pasted.toLowerCase()).not.toContain(name.toLowerCase());
});

corpusTest('an empty or blank paste leaves the draft as it was; a paste in the other language is not quoted; a long paste is read only at its start', async () => {
  const [jp] = await records('jp-fulltext.jsonl.gz', 1);
  const [us, other] = await records('us.jsonl.gz', 2);
  const ja = jp!.claims!.slice(0, 3);
  const today = await draftWithoutGpt(input({ claims: ja }));
  // Today's draft: the background opens without citing anything, the problem speaks of the conventional thing.
  expect(today.sections.background.split('\n')).toHaveLength(1);
  expect(today.sections.issue).toMatch(/^しかしながら、従来の/);
  expect(await draftWithoutGpt(input({ claims: ja, similarDocument: '  \n ' }))).toEqual(today);
  // English text pasted for Japanese claims: quoting it would mix languages, so the draft stays as it was.
  expect(await draftWithoutGpt(input({ claims: ja, similarDocument: `Abstract\n${other!.abstract}` }))).toEqual(today);

  const en = us!.claims!.slice(0, 3);
  const filler = 'Tractors have been used on farms for many years and their use keeps growing in every region. '.repeat(800);
  const long = await draftWithoutGpt(input({ lang: 'en', claims: en, similarDocument: `${filler}A rotary tiller comprising a blade shaft is mounted at the rear.` }));
  // The structure sentence lies beyond the part read (5,000 characters): nothing from it is quoted.
  expect(long.sections.background).not.toContain('rotary tiller');
});

test('the sentence taken from a paste is its own, says what it discloses, and is never cut', () => {
  const description = [
    '【技術分野】',
    '【０００１】本発明は、電池に関する。',
    '【背景技術】',
    '【０００２】従来、電池の容量を高める種々の工夫がなされている。',
    '【０００３】そして、本発明の二次電池１０は、正極層１１と、固体電解質層１２と、負極層１３とを備え、前記２次電池１０の外装体１４は樹脂からなる。',
  ].join('\n');
  // Its field and its background only place the document: the sentence naming its structure is taken, signs dropped, 「そして、」 too.
  expect(pastedSentence(description, 'ja')).toBe('本発明の二次電池は、正極層と、固体電解質層と、負極層とを備え、前記２次電池の外装体は樹脂からなる。');
  // Nothing but background: nothing is quoted.
  expect(pastedSentence('【０００１】従来、電池の容量を高める種々の工夫がなされている。しかしながら、十分ではない。', 'ja')).toBe('');
  // A sentence far longer than a background quotes is left out rather than cut.
  expect(pastedSentence(`Abstract\nA battery includes ${'a layer, '.repeat(120)}and a case.`, 'en')).toBe('');
  expect(pastedSentence('Abstract\nA battery includes a positive electrode 10, a solid electrolyte layer 12 and a negative electrode 13. The case is resin.', 'en')).toBe(
    'A battery includes a positive electrode, a solid electrolyte layer and a negative electrode.',
  );
});

test('a step label goes with its sign: the quote ends on what the document does (JP2011001603A 【解決手段】)', () => {
  const abstract = '【要約】\n【課題】金属粒子の比表面積を大きくする。【解決手段】金属化合物を液相中で分解することにより生成した金属粒子を非極性溶媒と極性溶媒の混合液内に分散させる（ステップＳ３０）。次いで、混合液を遠心分離して沈殿物を分離する（ステップＳ４０）。';
  expect(pastedSentence(abstract, 'ja')).toBe('金属化合物を液相中で分解することにより生成した金属粒子を非極性溶媒と極性溶媒の混合液内に分散させる。');
});
