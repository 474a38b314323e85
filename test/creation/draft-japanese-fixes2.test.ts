// The Japanese drafter without GPT on gazettes whose claimed thing was read too short (「補強構造」 of
// 「建築物の補強構造」, 「装置」 of 「画像読取装置」), whose 「…を特徴とする…」 and claim references were left
// in the description, and whose claims carry their own reference signs. Expected text is written
// from the gazettes' claims. No database: the records are read from ../shared/corpus.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { draftWithoutGpt } from '../../src/creation/draft/index.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { gazettesWithClaims } from '../helpers/corpus.ts';
import { draftInput } from '../helpers/draft-input.ts';

const CORPUS = process.env.HATSUMEI_CORPUS_DIR ?? path.resolve('..', 'shared', 'corpus');
const available = existsSync(path.join(CORPUS, 'jp-fulltext.jsonl.gz'));
if (!available && process.env.CI) throw new Error(`The shared corpus is missing at ${CORPUS}`);
if (!available) console.warn(`test/creation/draft-japanese-fixes2.test.ts: corpus tests skipped, no corpus at ${CORPUS} (set HATSUMEI_CORPUS_DIR)`);
const corpusTest = available ? test : test.skip;

const gazettes = (...ids: string[]) => gazettesWithClaims<PatentRecord>(CORPUS, ...ids);

/** The draft from the gazette's first ten claims. */
const draftOf = async (record: PatentRecord) => draftWithoutGpt(draftInput({ claims: record.claims!.slice(0, 10) }));
const draft = async (record: PatentRecord) => (await draftOf(record)).sections;

/** Every sentence of the draft's description (its text sections). */
const sentencesOf = (sections: object): string[] =>
  Object.values(sections)
    .filter((value): value is string => typeof value === 'string')
    .flatMap((text) => text.split(/(?<=。)|\n/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);

corpusTest('a claimed thing whose name IPADIC cuts is read whole: 画像読取装置, Ｘ線ＣＴ装置 (JP2020072396A, JP2012090772A)', async () => {
  const [reader, ct] = await gazettes('JP2020072396A', 'JP2012090772A');
  // Claim 1: 「…汚れとを検知する検知部と、を備えることを特徴とする画像読取装置。」 (titled 画像読取装置及び画像形成装置).
  const r = await draft(reader!);
  expect(r.title).toBe('画像読取装置');
  expect(r.embodiment).toContain('本実施形態に係る画像読取装置１は、画像読取部材１０と、光源２０と、検知部３０と、を備える。');
  // The claims' 透明部材 and 白色部材 are no 部材 of sign １０.
  expect(r.embodiment).not.toContain('透明部材１０');
  // Claim 3: 「…清掃アラート報知部を更に備えることを特徴とする請求項１に記載の画像読取装置。」
  expect(r.embodiment).toContain('清掃アラート報知部４０を更に備えていてもよい。');
  expect(sentencesOf(r).filter((s) => /を特徴と|請求項/.test(s))).toEqual([]);
  // Claim 8: 「…を有することを特徴とするＸ線ＣＴ装置。」 (titled 画像処理装置及びＸ線ＣＴ装置).
  expect((await draft(ct!)).title).toBe('画像処理装置及びＸ線ＣＴ装置');
});

corpusTest('「…を特徴とする建築物の補強構造」 claims 建築物の補強構造, and its claims restate it whole (JP2011106202A)', async () => {
  const [building] = await gazettes('JP2011106202A');
  // Claim 3: 「請求項１又は２に記載の建築物用補強金具を用い、…筋交として前記補強金具が機能することを特徴とする建築物の補強構造。」
  const b = await draft(building!);
  expect(b.embodiment).toContain('また、本実施形態に係る建築物の補強構造は、上記実施形態に係る建築物用補強金具を用い、');
  expect(b.embodiment).toContain('上記空間内に斜めに掛渡される筋交として上記補強金具が機能する。');
  expect(b.embodiment).not.toContain('建築物のである');
  expect(sentencesOf(b).filter((s) => /を特徴と|請求項/.test(s))).toEqual([]);
});
