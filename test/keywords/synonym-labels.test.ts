// Synonyms mined for a Japanese keyword from the demo corpus's battery gazettes. Seen on
// /detail-search/build-query: 電池 was offered 「coupling NEO」「neo coupling」「NEO v2」, the names
// JP2013197100A gives its sample cells (実施例１の電池（Ｎｅｏ ｃｏｕｐｌｉｎｇ）, 比較例の電池（ＮＥＯ
// Ｖ２）): a term a document glosses three different ways is labelled there, not translated.
// And a keyword is the term its formula searches: 正極 is not 負極, though by their words alone
// (the analyser keeps 極 of both) they read alike.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mineSynonyms } from '../../src/detail-search/keywords/synonyms.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

const store = corpusDatabase(
  async () => {
    const cut = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 60, (record) => record.region === 'jp' && (record.id === 'JP2013197100A' || /電池|ウェハ|ウエハ/.test(JSON.stringify(record))));
    // A cell whose negative electrode is glossed (負極（anode）), beside its positive one.
    const record = {
      id: 'JP2099000001A', region: 'jp', kind: 'application', title: '二次電池', abstract: '正極と、負極（ａｎｏｄｅ）と、電解液とを備える二次電池。正極は正極集電体を有する。',
      claims: ['正極と負極（ａｎｏｄｅ）とを備える二次電池。'], description: null, ipc: null, cpc: null, applicants: null, inventors: null, applicationDate: null, publicationDate: null, citations: null, source: 'test',
    };
    const own = path.join(await mkdtemp(path.join(os.tmpdir(), 'hatsumei-syn-')), 'jp.jsonl');
    await writeFile(own, JSON.stringify(record));
    return [cut, own];
  },
  { pool: 4, clean: true, timeout: 120_000 },
);
beforeAll(async () => {
  expect(await store.db('patents').where('id', 'JP2013197100A').first()).toBeDefined();
});

test('sample names a document gives a term are not its synonyms', async () => {
  const terms = (await mineSynonyms(store.db, '電池', 'jp')).map((candidate) => candidate.term.toLowerCase());
  expect(terms.filter((term) => /neo/.test(term))).toEqual([]);
});

test('spelling variants are still offered', async () => {
  const terms = (await mineSynonyms(store.db, 'ウェハ', 'jp')).map((candidate) => candidate.term);
  expect(terms).toContain('ウエハ');
});

test('the gloss of 負極 is not offered for 正極 (by their words alone both are 極)', async () => {
  expect((await mineSynonyms(store.db, '正極', 'jp')).map((candidate) => candidate.term)).not.toContain('anode');
  expect((await mineSynonyms(store.db, '負極', 'jp')).map((candidate) => candidate.term)).toContain('anode');
});
