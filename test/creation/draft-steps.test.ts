// The drafter without GPT read as a patent attorney reads a draft: the steps of a process are no parts with reference
// signs, neither the steps a product-by-process claim's product is made by (JP2010058403A) nor a method's named steps
// (JP2017191825A, JP2012218196A). Expected text is written from the records' claims. No database: the records are read
// from ../shared/corpus.
import { corpusTests } from '../helpers/corpus.ts';
import { numerals, recordDrafts } from '../helpers/draft-input.ts';

const { test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz');

const jpDraft = recordDrafts('jp-fulltext.jsonl.gz', ['JP2010058403A', 'JP2017191825A', 'JP2012218196A'], available, 'ja');

corpusTest('a product-by-process claim: the film is made by the process of three steps, it does not have them (JP2010058403A)', async () => {
  // Claim 1: 「…高分子膜を形成する膜形成工程と、…固定化工程と、…溶媒で洗浄する洗浄工程と、を含む方法により得られる、前記基板表面と直接結合した高分子膜。」
  const film = await jpDraft('JP2010058403A');
  expect(numerals(film).filter((name) => /工程$/.test(name))).toEqual([]);
  expect(film.embodiment).not.toMatch(/工程[０-９]|高分子膜１は、膜形成工程/);
  expect(film.embodiment).toContain('上記固定化工程で得られた高分子膜を溶媒で洗浄する洗浄工程と');
  expect(film.embodiment).toMatch(/洗浄工程と、?を含む方法により得られる、上記基板表面と直接結合している。/);
  // The problem and the effect say what the process is, not 「方法により得られる、…」 of no method.
  expect(film.issue).not.toContain('従来の高分子膜では、方法により');
  expect(film.effect).toContain('洗浄工程と');
});

corpusTest('a method\'s named steps are listed and described by name, without reference signs (JP2017191825A, JP2012218196A)', async () => {
  const wafer = await jpDraft('JP2017191825A');
  expect(wafer.embodiment).toContain('本実施形態に係るウエーハの加工方法は、保護部材貼着工程と、第１の改質層形成工程と、第２の改質層形成工程と、分割工程と、を備える。');
  expect(wafer.embodiment).toContain('保護部材貼着工程では、ウエーハの表面側に保護部材を貼着する。');
  expect(wafer.embodiment).toContain('上記第１の改質層形成工程および上記第２の改質層形成工程を実施した後、');
  const film = await jpDraft('JP2012218196A');
  expect(film.embodiment).toContain('本実施形態に係る光学フィルムの製造方法は、塗布工程と、転写工程と、硬化工程と、を含む。');
  expect(film.embodiment).toContain('本実施形態において、上記硬化工程は、');
  for (const d of [wafer, film]) {
    expect(d.symbol_descriptions).toEqual([]);
    expect(d.embodiment).not.toMatch(/工程[０-９]/);
  }
});
