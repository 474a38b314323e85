// A keyword joining Latin letters and kanji or kana (USBメモリ, LED照明, X線) is searched as its words in
// a row: no bigram spans the two scripts, so "its words and bigrams anywhere" found every gazette with
// a USB and a メモリ somewhere (keyword-bigrams.ts SCRIPT_JUNCTION). Checked on real demo-corpus
// gazettes in the simple search and the detailed search's formulas.
import request from 'supertest';
import { analyzeField, normalizeText } from '../../src/patents/analysis/index.ts';
import { keywordQueries } from '../../src/patents/analysis/keyword-bigrams.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { hitsOf } from './formula-corpus.ts';

const queries = async (keyword: string) => keywordQueries(keyword, await analyzeField(keyword, 'jp', { bigrams: false }));

test('a keyword of Latin letters and kanji or kana matches its words in a row only; one of kanji and kana alone keeps its written branch', async () => {
  // The last word as a prefix: the text may run on (USBメモリカード; LED灯组, which jieba reads as led, 灯组).
  expect((await queries('USBメモリ')).match).toBe("(('usb' <-> 'メモリ':*))");
  expect((await queries('ＵＳＢメモリ')).match).toBe("(('usb' <-> 'メモリ':*))");
  expect((await queries('LED照明装置')).match).toBe("(('led' <-> '照明' <-> '装置':*))");
  // What the words leave out is still asked for by its bigrams.
  expect((await queries('pH調整剤')).match).toBe("(('ph' <-> '調整':*) & '整剤')");
  // The phrase stays the part the long descriptions' segments are searched for.
  expect((await queries('USBメモリ')).phrase).toEqual({ phrase: "('usb' <-> 'メモリ':*)" });
  expect((await queries('従来技術')).match).toBe("(('従来' & '技術' & '来技') | (('従来' <-> '技術')))");
  // Ranking still reads the words ANDed.
  expect((await queries('USBメモリ')).rank).toBe("'usb' & 'メモリ'");
});

describe('on real gazettes', () => {
  // JP6976480B2 writes ＵＳＢメモリ; the others have a USB and a メモリ apart (a USB port, a memory card …).
  const WRITING = 'JP6976480B2';
  const APART = ['JP2018029284A', 'JP2022533491A', 'JP2014191217A', 'JP2018097520A'];
  // Both write LED灯: 「LED灯显示报警」 and 「LED灯组工作时」 (jieba: led, 灯组).
  const LAMPS = ['CN110832885A', 'CN112555768A'];
  let testApp: TestApp;
  let cookie: string;
  const texts = new Map<string, string>();
  beforeAll(async () => {
    testApp = await startTestApp();
    const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 7, (record) => {
      if (![WRITING, ...APART, ...LAMPS].includes(String(record.id))) return false;
      texts.set(String(record.id), normalizeText(JSON.stringify(record)));
      return true;
    });
    expect((await ingestFiles(testApp.runtime.db, [file], { index: indexPatent })).bad).toEqual([]);
    cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp)).id });
  }, 180_000);
  afterAll(() => testApp?.close());

  test('the records are as described: one writes USBメモリ, the others have usb and メモリ apart', () => {
    expect([...texts.keys()].sort()).toEqual([WRITING, ...APART, ...LAMPS].sort());
    expect(texts.get(WRITING)).toContain('usbメモリ');
    for (const id of LAMPS) expect(texts.get(id)).toContain('led灯');
    for (const id of APART) {
      expect(texts.get(id)).toContain('usb');
      expect(texts.get(id)).toContain('メモリ');
      expect(texts.get(id)).not.toContain('usbメモリ');
    }
  });

  test('the simple search for USBメモリ finds the gazette that writes it and none with USB and メモリ apart', async () => {
    const html = (await request(testApp.app).get(`/search?q=${encodeURIComponent('USBメモリ')}&region=jp`).set('Cookie', cookie).expect(200)).text;
    const found = new Set([...html.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]!));
    expect([...found]).toEqual([WRITING]);
  });

  test('LED灯 on 中国 finds both gazettes that write it, also where the text runs on into 灯组', async () => {
    const html = (await request(testApp.app).get(`/search?q=${encodeURIComponent('LED灯')}&region=cn`).set('Cookie', cookie).expect(200)).text;
    const found = new Set([...html.matchAll(/class="search-list__number" data-id="([^"]+)"/g)].map((m) => m[1]!));
    expect([...found].sort()).toEqual(LAMPS);
  });

  test('a detailed-search formula term reads the same: USBメモリ in the full text', async () => {
    const found = await hitsOf(testApp.runtime.db, 'jp', [{ text: 'USBメモリ', tag: 'abst_claim_desc_title' }]);
    expect([...found]).toEqual([WRITING]);
  });
});
