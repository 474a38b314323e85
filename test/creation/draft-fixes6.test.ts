// The drafter without GPT read as a patent attorney reads a draft, the leftovers of draft-japanese-fixes4.test.ts and
// draft-english-fixes5.test.ts: a claim translated word for word that lists its parts with 「、」 and 「及び」, a method titled
// 「方法」 alone, a plural claimed thing, a Markush group. Expected text is written from the records' claims. No database: the
// records are read from ../shared/corpus.
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests, gazettesWithClaims } from '../helpers/corpus.ts';
import { draftOfRecord, numerals, recordDrafts } from '../helpers/draft-input.ts';

const { dir: CORPUS, test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz', 'us.jsonl.gz');

const gazettes = (...ids: string[]) => gazettesWithClaims<PatentRecord>(CORPUS, ...ids);
const US_IDS = ['US7473466B1', 'US8088760B2', 'US6837525B2', 'US6836979B2', 'US6981466B2', 'US7158706B2', 'US6981920B1', 'US6982059B2', 'US8420690B2'];
const usDraft = recordDrafts('us.jsonl.gz', US_IDS, available, 'en');

corpusTest('parts listed with 「、」 and a last 「及び」, each with a modifier of its own, are a part each (JP2022008730A)', async () => {
  // Claim 1: 「本発明のインフルエンザ予防製薬装置は、主体部、前記主体部の頂部に設置される薬物攪拌筐体及び前記主体部に設置される駆動収容筐体を含み、…」.
  const [influenza] = await gazettes('JP2022008730A');
  const d = await draftOfRecord(influenza);
  // The claim's later clauses are elements of their own now, and name the roller stand and the two gear cases.
  expect(numerals(d)).toEqual(['1 インフルエンザ予防製薬装置', '10 主体部', '20 薬物攪拌筐体', '30 駆動収容筐体', '40 ローラー台', '50 左伝動筐体', '60 右伝動筐体']);
  expect(d.embodiment).toContain('本実施形態に係るインフルエンザ予防製薬装置１は、主体部１０と、薬物攪拌筐体２０と、駆動収容筐体３０と、を備える。');
  expect(d.embodiment).toContain('薬物攪拌筐体２０は、上記主体部１０の頂部に設置される。');
  expect(d.embodiment).toContain('駆動収容筐体３０は、上記主体部１０に設置される。');
  expect(d.domain).toContain('より詳しくは、主体部、薬物攪拌筐体及び駆動収容筐体を備えるインフルエンザ予防製薬装置に関する。');
});

corpusTest('a method claimed as carried out for a purpose is named by it, not 「方法」 alone (JP2017208128A)', async () => {
  // Claim 1: 「分散メモリキャッシュシステムを管理するための管理システムにより実行される方法であって、前記方法は、…こと、…こと、…すること、を含む
  // 管理システムにより実行される方法。」; claim 4: 「コンピューティング資源のサービスを管理するための管理システムにより実行される方法であって、…」.
  const [cache] = await gazettes('JP2017208128A');
  const d = await draftOfRecord(cache);
  expect(d.title).toBe('分散メモリキャッシュシステムの管理方法');
  expect(d.domain).toBe('本発明は、分散メモリキャッシュシステムの管理方法に関する。');
  expect(d.issue).toMatch(/^しかしながら、従来の分散メモリキャッシュシステムの管理方法では、/);
  // The steps in the claim's order (method-steps.ts); 「前記方法は、」 opening the list is the method the sentence is about.
  expect(d.embodiment).toContain('本実施形態に係る分散メモリキャッシュシステムの管理方法では、まず、複数のメモリキャッシュノードの分割されたメモリ空間に格納された構成に関連する上記メモリキャッシュノードに対するエイリアスを提供する。');
  expect(d.method).toContain('また、本発明に係るコンピューティング資源のサービスの管理方法は、コンピューティング資源のサービスを管理するための管理システムにより実行される方法であって、');
  expect(d.embodiment).not.toContain('方法は、分散メモリキャッシュシステムを管理するための管理システムにより実行される方法である。');
});

corpusTest('a claimed thing named in the plural takes no article and plural verbs; a title\'s method its own article (US7473466B1, US6837525B2, US6836979B2)', async () => {
  // Claim 1: "Carbon particles having surface filaments, comprising in combination: a plurality of carbon filaments …"; titled "Carbon particles and
  // method of producing carbon particles".
  const carbon = await usDraft('US7473466B1');
  expect(carbon.domain).toMatch(/^The present disclosure relates to carbon particles and a method of producing carbon particles\. More particularly, the present disclosure relates to carbon particles including /);
  expect(carbon.embodiment).toContain('Carbon particles 1 according to an embodiment include surface filaments 10, a structure of loose curved elongated worm 20, and a hydrophobic property of oil film adsorption 30.');
  expect(carbon.embodiment).toContain('In this embodiment, the carbon particles 1 include a hydrophobic property of oil film adsorption 30 from a surface of water.');
  expect(carbon.method).toMatch(/^To solve the above problem, carbon particles according to an aspect of the present disclosure include surface filaments, /);
  // Claim 6, another thing: "A method of producing carbon particles having …" is no plural.
  expect(carbon.method).toContain('In another aspect, a method of producing carbon particles according to an aspect of the present disclosure includes ');
  expect(carbon.effect).toBe('According to the present disclosure, it is possible to provide carbon particles including a hydrophobic property of oil film adsorption from a surface of water.');
  expect(carbon.abstract).toMatch(/^Carbon particles include surface filaments, /);
  // Titled "Tube connecting structure and method of connecting a first tube to a second tube".
  expect((await usDraft('US6837525B2')).domain).toMatch(/^The present disclosure relates to a tube connecting structure and a method of connecting a first tube to a second tube\./);
  // Claim 1: "Shoe structure, comprising a first subset (10) …": the claim's capital is no proper name's.
  const shoe = await usDraft('US6836979B2');
  expect(shoe.method).toMatch(/^To solve the above problem, a shoe structure according to an aspect of the present disclosure includes /);
});

corpusTest('a Markush claim: its symbols are no parts, a group lists its alternatives, and the salts are forms of the compound (US8088760B2)', async () => {
  // Claim 1: "A compound of Formula (I) or Formula (II): wherein: Y is selected from the group consisting of a) an aryl group optionally substituted
  // with 1, 2, or 3 R5; wherein each R5 is …; b) a heteroaryl group …; c) a L-T group where …; d) a non-aromatic … heterocycle ring …; wherein …;
  // R1, R2, and R3, are each independently selected from …; each RA, RB, RC, and RD is independently selected from …; R4, is selected from …;
  // or stereoisomers, and salts thereof."
  const compound = await usDraft('US8088760B2');
  expect(numerals(compound)).toEqual([]);
  expect(compound.domain).toBe('The present disclosure relates to a compound.');
  expect(compound.embodiment).toContain('In this embodiment, the compound is of Formula (I) or Formula (II).\nIn this embodiment, the compound may be in the form of stereoisomers and salts thereof.');
  expect(compound.embodiment).toContain(
    'In this embodiment, Y is selected from the group consisting of an aryl group optionally substituted with 1, 2, or 3 R5; a heteroaryl group optionally substituted with 1, 2, or 3 R5; an L-T group where L is selected from',
  );
  expect(compound.embodiment).toContain('; and a non-aromatic 4, 5, 6, 7, 8, 9, 10, 11, or 12-membered monocyclic or bicyclic heterocycle ring having 1 or 2 nitrogen atoms and, optionally, one sulfur or oxygen atom.');
  expect(compound.issue).toMatch(/^However, conventional compounds have not sufficiently considered a configuration in which R4 is selected from the group consisting of hydrogen, /);
  for (const section of [compound.issue, compound.effect]) expect(section).not.toContain('in which stereoisomers');
});

corpusTest('an element saying what a part of something is or undergoes is a sentence of its own, not what the thing includes (US6981466B2, US7158706B2)', async () => {
  // Claim 1 of a milking method: "… wherein the quality or composition of the milk is checked by removing a milk sample …".
  const milking = await usDraft('US6981466B2');
  expect(milking.embodiment).toContain('In this embodiment, the quality or composition 10 of the milk is checked by removing a milk sample from the metering chamber for analysis');
  expect(milking.embodiment).not.toContain('includes the quality or composition');
  // An optical fiber: "… the dispersion slope of the optical fiber is smaller than 0.07 ps/nm2/km".
  const fiber = await usDraft('US7158706B2');
  expect(fiber.embodiment).toContain('In this embodiment, the dispersion slope 40 of the optical fiber 1 is smaller than 0.07 ps/nm2/km.');
});

corpusTest('the problem and the effect name what the thing has or is, not a fragment "in which means for …" or "in which the alloy is …" (US6981920B1, US6982059B2, US8420690B2)', async () => {
  // Claim 1's last element: "means for exerting a force by the tether on the object to pull the object into the garment sleeve …".
  const illusion = await usDraft('US6981920B1');
  expect(illusion.effect).toBe(
    'According to the present disclosure, it is possible to provide a device including means for exerting a force by the tether on the object to pull the object into the garment sleeve for concealment thereof upon release of the object from the one hand.',
  );
  // Claim 1: "An alloy comprising …, wherein the alloy is essentially free of L12-structured phase at a temperature greater than about 1000° C."
  const alloy = await usDraft('US6982059B2');
  expect(alloy.issue).toMatch(/^However, conventional alloys have not sufficiently considered an alloy that is essentially free of L12-structured phase at a temperature greater than about 1000° C\. /);
  expect(alloy.effect).toBe('According to the present disclosure, it is possible to provide an alloy that is essentially free of L12-structured phase at a temperature greater than about 1000° C.');
  // Claim 1: "A compound selected from: N-(2-amino-1-phenylethyl)-5-(1-methyl-1H-pyrazol-5-yl)-3-thiophenecarboxamide; N[2-amino-1-(phenylmethyl)ethyl]-…;
  // …; or a pharmaceutically acceptable salt thereof." Each compound was a sentence of its own ("In this embodiment, N[2-amino-…].").
  const compound = await usDraft('US8420690B2');
  expect(compound.embodiment).toContain(
    'In this embodiment, the compound is selected from: N-(2-amino-1-phenylethyl)-5-(1-methyl-1H-pyrazol-5-yl)-3-thiophenecarboxamide; N[2-amino-1-(phenylmethyl)ethyl]-5-(1-methyl-1H-pyrazol-5-yl)-3-thiophenecarboxamide; ',
  );
  expect(compound.embodiment).not.toMatch(/^In this embodiment, N/m);
  // Its twelve alternatives are said by the first and how many others (test/creation/draft-english-markush-short.test.ts).
  expect(compound.effect).toMatch(/^According to the present disclosure, it is possible to provide a compound that is selected from N-\(2-amino-1-phenylethyl\)/);
  expect(compound.effect).not.toContain('in which a pharmaceutically acceptable salt thereof');
});

corpusTest('a part or the claimed thing is not named again at the end of what is said of it: 「…ためのものである」, 「…ものであり、複数設けられている」 (JP2010002181A, JP2011128587A, JP7550342B2, JP2014120159A)', async () => {
  const [recorder, display, shaft] = await gazettes('JP2010002181A', 'JP2011128587A', 'JP7550342B2');
  // Claim 1: 「…時刻データを出力するための計時ユニットと、…」: was 「計時ユニット４０は、時刻データを出力するための計時ユニットである。」.
  expect((await draftOfRecord(recorder)).embodiment).toContain('計時ユニット４０は、時刻データを出力するためのものである。');
  // Claim 1: 「…前記液晶表示パネルに照射する光を発生する複数のバックライト光源と、…」.
  expect((await draftOfRecord(display)).embodiment).toContain('バックライト光源５０は、上記液晶表示パネル１０に照射する光を発生するものであり、複数設けられている。');
  // Claim 1: 「車両の駆動力を伝達するプロペラシャフトであって、…」: was 「プロペラシャフト１は、車両の駆動力を伝達するプロペラシャフトである。」.
  const s = await draftOfRecord(shaft);
  expect(s.embodiment).toContain('プロペラシャフト１は、車両の駆動力を伝達するものである。');
  expect(s.embodiment).not.toContain('伝達するプロペラシャフトである。');
  // Not before a name with an owner: 「デバイスにディスプレイされているイメージ基盤の情報検索方法であって、…」 (JP2014120159A) displays the image, not the method.
  const [search] = await gazettes('JP2014120159A');
  expect((await draftOfRecord(search)).embodiment).not.toContain('デバイスにディスプレイされているものである。');
});

corpusTest('a dependent claim opening on a part as its subject (「前記フィラーが、…」) is said of that part, not of the claimed thing with two subjects (JP2019001358A, JP2014218185A)', async () => {
  const [tyre, seat] = await gazettes('JP2019001358A', 'JP2014218185A');
  // Claims 2, 3: 「前記フィラーが、無機フィラーである請求項１に記載のタイヤ。」, 「前記フィラーが、粒子形状又は板状形状のフィラーである請求項１又は請求項２に記載のタイヤ。」.
  const t = await draftOfRecord(tyre);
  expect(t.embodiment).toContain('本実施形態において、上記フィラーは、無機フィラーであってもよい。');
  expect(t.embodiment).toContain('本実施形態において、上記フィラーは、粒子形状又は板状形状のフィラーであってもよい。');
  expect(t.embodiment).not.toMatch(/タイヤ[０-９]*は、上記フィラーが、/);
  // Claim 2: 「前記後方変位部が、前記背面パネル部の中央部においてシート前方側へ凸となるように湾曲され、…変位する請求項１に記載の車両用シート。」.
  expect((await draftOfRecord(seat)).embodiment).toContain(
    '本実施形態において、上記後方変位部３０は、上記背面パネル部５０の中央部においてシート前方側へ凸となるように湾曲され、シート後方側への上記荷重によって上記後方変位部３０がシート後方側へ反転されてシート後方側へ変位してもよい。',
  );
});
