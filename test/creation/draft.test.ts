// The drafter without GPT (src/creation/draft) on real claims of the shared corpus: a Japanese
// gazette's claims drafted in JPO style with two other gazettes as the reference and a similar
// patent, a US patent's claims in US style, and odd claim sets that must still give a coherent
// draft. No database: the records are read from ../shared/corpus directly.
import { japaneseAbstractLength as abstractLength } from '../../src/patent-documents/checks/abstract.ts';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { DraftInput } from '../../src/creation/draft-input.ts';
import { draftWithoutGpt, englishCitation, japaneseCitation } from '../../src/creation/draft/index.ts';
import { TEXT_SECTIONS } from '../../src/patent-documents/model.ts';
import type { PatentRecord } from '../../src/patents/record.ts';
import { corpusTests } from '../helpers/corpus.ts';

const { dir: CORPUS, test: corpusTest } = corpusTests('jp-fulltext.jsonl.gz', 'us.jsonl.gz');

async function records(file: string, limit: number, keep: (record: PatentRecord) => boolean): Promise<PatentRecord[]> {
  const out: PatentRecord[] = [];
  const input = createInterface({ input: createReadStream(path.join(CORPUS, file)).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of input) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as PatentRecord;
    if (keep(record)) out.push(record);
    if (out.length >= limit) break;
  }
  input.close();
  return out;
}

const ALL_PARTS = { claims: true, abstract: true, fullText: true };
const toAscii = (text: string): string => text.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
const input = (over: Partial<DraftInput>): DraftInput => ({
  lang: 'ja',
  claims: [],
  keywords: [],
  reference: null,
  referenceParts: ALL_PARTS,
  similar: [],
  similarDocument: '',
  drawings: [],
  ...over,
});
const drawing = { fileName: 'fig1.png', mimeType: 'image/png' as const, data: new Uint8Array([0x89, 0x50]), caption: '' };

/** The abstract's 【解決手段】 (or the whole abstract) as comparable text: no signs, no spaces. */
const abstractText = (record: PatentRecord): string =>
  (/【解決手段】([^【]+)/.exec(record.abstract ?? '')?.[1] ?? record.abstract ?? '').replace(/\s+/g, '').replace(/[０-９0-9，,]/g, '');

test('documents are cited the way Japanese filings and US practice write them', () => {
  expect(japaneseCitation('JP2015039043A')).toBe('特開2015-039043号公報');
  expect(japaneseCitation('特開2015-039043')).toBe('特開2015-039043号公報');
  expect(japaneseCitation('JPH08172838A')).toBe('特開平8-172838号公報');
  expect(japaneseCitation('特許第6000000号')).toBe('特許第6000000号公報');
  expect(japaneseCitation('US7783348B2')).toBe('米国特許第7783348号明細書');
  expect(japaneseCitation('US20080250823A1')).toBe('米国特許出願公開第2008/0250823号明細書');
  expect(japaneseCitation('CN112345678A')).toBe('中国特許出願公開第112345678号明細書');
  expect(japaneseCitation('WO2018/134950')).toBe('国際公開第2018/134950号');
  expect(englishCitation('JP2015039043A')).toBe('JP 2015-039043 A');
  expect(englishCitation('US7783348B2')).toBe('US 7,783,348 B2');
  // Not a number the store knows: cited as the user wrote it.
  expect(japaneseCitation('非特許のなにか')).toBe('非特許のなにか');
});

corpusTest('a Japanese gazette’s claims give a JPO-style draft citing the reference and a similar patent', async () => {
  // 通信装置 (claims with 「…手段と、…手段とを設けたことを特徴とする通信装置」 and dependent claims), and two other gazettes.
  const jp = await records('jp-fulltext.jsonl.gz', 40, (r) => Boolean(r.claims && r.claims.length >= 4 && r.abstract));
  const main = jp.find((r) => r.id === 'JP2015039043A') ?? jp[1]!;
  const [reference, similar] = jp.filter((r) => r !== main && /【解決手段】/.test(r.abstract ?? '')).slice(0, 2) as [PatentRecord, PatentRecord];
  const claims = main.claims!.slice(0, 10);
  const started = Date.now();
  const draft = await draftWithoutGpt(
    input({ lang: 'ja', claims, reference, similar: [{ written: similar.id, record: similar }, { written: '特許第6000000号', record: null }], drawings: [drawing] }),
  );
  const warm = Date.now();
  await draftWithoutGpt(input({ lang: 'ja', claims, reference, similar: [{ written: similar.id, record: similar }] }));
  console.log(`ja draft of ${claims.length} claims: ${warm - started} ms cold, ${Date.now() - warm} ms warm`);
  const { sections } = draft;

  // Title: what claim 1 claims (its last noun compound before 。).
  const claim1 = claims[0]!.replace(/\s+/g, '');
  expect(claim1.endsWith(`${sections.title.split(/、|及び/)[0]}。`)).toBe(true);
  expect(sections.domain).toContain(`本発明は、${sections.title}に関する。`);

  // Citations as filings write them, in order: reference, similar, the unknown one by number only.
  expect(sections.preDocPatents).toEqual([japaneseCitation(reference.id), japaneseCitation(similar.id), '特許第6000000号公報']);
  expect(sections.preDocPatents[0]).toMatch(/^(?:特開|特表)\d{4}-\d{6}号公報$|^特開[平昭]\d+-\d{6}号公報$/);
  // Each stored document is cited with a sentence of its own abstract.
  const background = sections.background.replace(/\s+/g, '');
  for (const [index, record] of [reference, similar].entries()) {
    const label = `特許文献${String.fromCharCode(0xff11 + index)}には、`;
    expect(background).toContain(label);
    const cited = background.slice(background.indexOf(label) + label.length).split('が開示されている')[0]!.replace(/[０-９0-9，,]/g, '').replace(/技術$/, '');
    expect(abstractText(record)).toContain(cited.slice(0, 30));
  }
  expect(background).toContain('特許文献３');

  // Means: claim 1 restated with its elements.
  expect(sections.method.startsWith(`上記課題を解決するために、本発明に係る${sections.title.split(/、|及び/)[0]}は、`)).toBe(true);
  expect(sections.method).toContain('位置情報記憶制御手段');
  expect(sections.method).toContain('受信手段');

  // Embodiment: signs １０, ２０ … the same as 【符号の説明】; dependent claims as options.
  const signs = sections.symbol_descriptions;
  expect(signs.map((s) => s.sign)).toEqual(['1', '10', '20']);
  expect(signs.map((s) => s.name)).toEqual([sections.title.split(/、|及び/)[0], '位置情報記憶制御手段', '受信手段']);
  for (const sign of signs.slice(1)) expect(sections.embodiment).toContain(`${sign.name}${String(sign.sign).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))}`);
  expect(sections.embodiment).toContain('図１に示すように');
  expect(sections.embodiment).toContain('本実施形態において、上記位置情報は、当該通信装置が通信する基地局の情報に基づいた情報であってもよい。');
  const paragraphs = sections.embodiment.split('\n');
  expect(paragraphs.filter((p) => p.startsWith('本実施形態において、')).length).toBeGreaterThanOrEqual(3);

  // Problem and effect name what claim 1 has that the reference does not.
  expect(sections.issue).toMatch(/^しかしながら、特許文献１に記載の技術では、/);
  expect(sections.effect).toMatch(/^本発明によれば、.+を提供することができる。$/);
  expect(sections.industrial_aplicability).toContain('利用可能である');
  expect(draft.drawingDescriptions).toEqual([`本実施形態に係る${signs[0]!.name}を示す図である。`]);
  expect(sections.claims).toHaveLength(claims.length);
  expect(sections.claims[0]).not.toMatch(/\s/);
  expect(sections.abstract).toMatch(/^【課題】.+を提供する。\n【解決手段】/);
  expect(abstractLength(sections.abstract)).toBeLessThanOrEqual(400);

  // Each section within the limit; Japanese only (Latin words only where the input has them).
  const inputText = [...claims, reference.abstract, similar.abstract, reference.title, similar.title].join(' ');
  for (const name of TEXT_SECTIONS) {
    const text = sections[name];
    expect(text.length).toBeLessThanOrEqual(1500);
    for (const word of text.match(/[A-Za-zＡ-Ｚａ-ｚ]{2,}/g) ?? []) expect(inputText.normalize('NFKC')).toContain(word.normalize('NFKC'));
    expect(text).not.toMatch(/undefined|null|\(to be written\)|TODO/);
  }
  expect(toAscii(sections.embodiment)).not.toMatch(/１０１０/);
});

corpusTest('a US patent’s claims give a US-style English draft', async () => {
  const us = await records('us.jsonl.gz', 6, (r) => Boolean(r.claims && r.claims.length >= 5 && r.abstract));
  const main = us.find((r) => r.id === 'US20050004437A1') ?? us[2]!;
  const [reference, similar] = us.filter((r) => r !== main).slice(0, 2) as [PatentRecord, PatentRecord];
  const draft = await draftWithoutGpt(
    input({ lang: 'en', claims: main.claims!, reference, similar: [{ written: similar.id, record: similar }, { written: 'JP2015039043A', record: null }], drawings: [drawing] }),
  );
  const { sections } = draft;
  expect(draft.notices).toEqual([]);
  const preamble = main.claims![0]!.replace(/^\d+\.\s*/, '').split(/,?\s*comprising/)[0]!.replace(/^an?\s+/i, '');
  expect(sections.title.toLowerCase()).toBe(preamble.toLowerCase());
  expect(sections.domain).toMatch(/^The present disclosure relates to an? /);
  expect(sections.preDocPatents).toEqual([englishCitation(reference.id), englishCitation(similar.id), 'JP 2015-039043 A']);
  expect(sections.preDocPatents[0]).toMatch(/^US [\d,/]+ [AB]\d?$/);
  for (const record of [reference, similar]) {
    const first = record.abstract!.trim().split(/(?<=\.)\s/)[0]!.replace(/\.$/, '');
    expect(sections.background).toContain(`${englishCitation(record.id)}`);
    expect(sections.background).toContain(first.slice(0, 40));
  }
  expect(sections.method).toMatch(/^To solve the above problem, an? .+ according to an aspect of the present disclosure includes /);
  expect(sections.method).toContain('a housing');
  const names = sections.symbol_descriptions.map((s) => s.name);
  expect(sections.symbol_descriptions.map((s) => s.sign)).toEqual(['1', '10', '20', '30'].slice(0, names.length));
  expect(names).toEqual(expect.arrayContaining(['housing', 'display means']));
  for (const sign of sections.symbol_descriptions.slice(1)) expect(sections.embodiment).toContain(`${sign.name} ${sign.sign}`);
  // Dependent claim 2 ("…, wherein said simulation device has an input device") as an embodiment option.
  expect(sections.embodiment).toMatch(/In some embodiments, the simulation device( 1)? has an input device\./);
  expect(sections.industrial_aplicability).toBe('');
  expect(sections.abstract.split(/\s+/).length).toBeLessThanOrEqual(150);
  expect(draft.drawingDescriptions).toEqual(['A view showing the simulation device according to an embodiment.']);
  for (const name of TEXT_SECTIONS) {
    expect(sections[name].length).toBeLessThanOrEqual(1500);
    expect(sections[name]).not.toMatch(/[\p{Script=Han}\p{Script=Hiragana}]|undefined|\bnull\b/u);
  }
});

corpusTest('only the parts of the reference the user allowed are drawn on', async () => {
  const jp = await records('jp-fulltext.jsonl.gz', 10, (r) => Boolean(r.claims && r.claims.length >= 2 && r.abstract));
  const [main, reference] = jp as [PatentRecord, PatentRecord];
  const claimsOnly = await draftWithoutGpt(input({ claims: main.claims!, reference, referenceParts: { claims: true, abstract: false, fullText: false } }));
  const background = claimsOnly.sections.background.replace(/\s+/g, '');
  // The reference is cited with its first claim's words, not its abstract's.
  const claimStart = reference.claims![0]!.replace(/\s+/g, '').replace(/^[０-９\d]+[、.．]/, '').slice(0, 15);
  expect(background).toContain(claimStart);
  expect(background).not.toContain(abstractText(reference).slice(0, 30));
}, 30_000);

test('a claim set of dependent claims only, one short claim, or numbered claims still gives a coherent draft', async () => {
  const dependentOnly = await draftWithoutGpt(input({ claims: ['請求項１に記載の電池において、前記正極層は硫化物を含む電池。', '請求項２に記載の電池において、前記負極層はリチウムを含む電池。'] }));
  expect(dependentOnly.sections.title).toBe('電池');
  expect(dependentOnly.sections.method).toContain('電池');
  for (const name of TEXT_SECTIONS) expect(dependentOnly.sections[name].length).toBeLessThanOrEqual(1500);
  expect(dependentOnly.sections.embodiment).toContain('本実施形態において、上記負極層はリチウムを含んでいてもよい。');

  const short = await draftWithoutGpt(input({ claims: ['電池。'] }));
  expect(short.sections.title).toBe('電池');
  expect(short.sections.issue).toContain('電池');
  expect(short.sections.preDocPatents).toEqual([]);
  expect(short.sections.background).not.toContain('特許文献');

  const numbered = await draftWithoutGpt(
    input({
      lang: 'ja',
      claims: ['【請求項１】\n正極活物質を含む正極層と、\n負極層と、\n前記正極層と前記負極層との間に配置された固体電解質層と、\nを備える電池。', '【請求項２】前記固体電解質層は、硫化物を含む、請求項１に記載の電池。', '【請求項３】請求項１又は２に記載の電池の製造方法であって、前記正極層を加圧する工程を含む電池の製造方法。'],
      drawings: [{ ...drawing, caption: '電池の断面' }],
    }),
  );
  const { sections } = numbered;
  expect(sections.claims[0]).toBe('正極活物質を含む正極層と、負極層と、前記正極層と前記負極層との間に配置された固体電解質層と、を備える電池。');
  expect(sections.title).toBe('電池');
  expect(sections.symbol_descriptions).toEqual([
    { sign: '1', name: '電池' },
    { sign: '10', name: '正極層' },
    { sign: '20', name: '負極層' },
    { sign: '30', name: '固体電解質層' },
  ]);
  expect(sections.embodiment).toContain('本実施形態に係る電池１は、正極層１０と、負極層２０と、固体電解質層３０と、を備える。');
  expect(sections.embodiment).toContain('正極層１０は、正極活物質を含む。');
  expect(sections.method).toContain('本発明に係る電池は、正極活物質を含む正極層と、負極層と、');
  expect(numbered.drawingDescriptions).toEqual(['電池の断面を示す図である。']);

  const english = await draftWithoutGpt(input({ lang: 'en', claims: ['1. A battery comprising: a positive electrode layer containing an active material; a negative electrode layer; and a solid electrolyte layer.', '2. A method for manufacturing the battery of claim 1, comprising pressing the layers.'] }));
  expect(english.sections.symbol_descriptions.map((s) => `${s.sign} ${s.name}`)).toEqual(['1 battery', '10 positive electrode layer', '20 negative electrode layer', '30 solid electrolyte layer']);
  expect(english.sections.embodiment).toContain('A battery 1 according to an embodiment includes a positive electrode layer 10, a negative electrode layer 20, and a solid electrolyte layer 30.');
  expect(english.sections.embodiment).toContain('The present disclosure can also be implemented as a method for manufacturing the battery according to the above embodiment, comprising pressing the layers.');

  // A claim 1 longer than the JPO abstract's 400 characters: the abstract names its components instead.
  const long = await draftWithoutGpt(input({ claims: [`${'所定の温度で焼成された正極活物質を含み、'.repeat(25)}集電体上に形成された正極層と、負極層と、固体電解質層と、を備える電池。`] }));
  expect(long.sections.abstract).toMatch(/\n【解決手段】電池１は、正極層１０と、負極層２０と、固体電解質層３０と、を備える。$/);

  // Element names end before a participle with its object or a trailing adverb, and keep "assembly".
  const truck = await draftWithoutGpt(input({ lang: 'en', claims: ['A hand truck comprising: a frame assembly pivotally mounting a wheel; and a handle configured to be gripped.'] }));
  expect(truck.sections.symbol_descriptions.map((s) => s.name)).toEqual(['hand truck', 'frame assembly', 'handle']);

  // English claims for a Japanese draft: written in the claims' language, and the user is told.
  const mixed = await draftWithoutGpt(input({ lang: 'ja', claims: ['A battery comprising: an anode; and a cathode.'] }));
  expect(mixed.notices).toEqual([{ key: 'draft.claimsLanguage', values: { claims: 'en', draft: 'ja' } }]);
  expect(mixed.sections.title).toBe('Battery');

  const empty = await draftWithoutGpt(input({ claims: ['  ', ''] }));
  expect(empty.notices).toEqual([{ key: 'draft.noClaims' }]);
});

test('a cancelled draft stops', async () => {
  const controller = new AbortController();
  controller.abort(new Error('cancelled'));
  await expect(draftWithoutGpt(input({ claims: ['電池。'] }), { signal: controller.signal })).rejects.toThrow('cancelled');
});

test('dependent claims written with the reference at their end (「…、請求項１に記載の半導体装置。」) read as the claimed thing, not 「記載の…」', async () => {
  const claims = ['基板と、前記基板の上に設けられた電極と、を備える半導体装置。', '前記電極は銅からなる、請求項１に記載の半導体装置。', '基板の上に電極を形成する工程を含む、半導体装置の製造方法。'];
  const draft = await draftWithoutGpt({ lang: 'ja', claims, keywords: [], reference: null, referenceParts: { claims: true, abstract: true, fullText: false }, similar: [], similarDocument: '', drawings: [] });
  expect(draft.sections.title).toBe('半導体装置及びその製造方法');
  expect(draft.sections.embodiment).not.toMatch(/記載の半導体装置は|請求項１に/);
  expect(draft.sections.embodiment).toContain('上記電極２０は銅からなっていてもよい。');
  // A past modifier of the claim is described as a state.
  expect(draft.sections.embodiment).toContain('基板１０の上に設けられている。');
});

corpusTest('a claim closed by its subject after a limitation reads naturally (JP2021086834A, JP2011001603A claims)', async () => {
  const [battery, particle] = await Promise.all(['JP2021086834A', 'JP2011001603A'].map(async (id) => (await records('jp-fulltext.jsonl.gz', 1, (record) => record.id === id))[0]!));
  // 「…を含むものである、リチウム二次電池用正極活物質。」: the problem names the limitation, not the subject again.
  const cathode = await draftWithoutGpt(input({ claims: battery!.claims!.slice(0, 4) }));
  expect(cathode.sections.issue).toContain('コーティング層が硫黄化合物を含む構成');
  expect(cathode.sections.issue).toContain('コーティング層が硫黄化合物を含むリチウム二次電池用正極活物質を提供する');
  expect(cathode.sections.issue).not.toMatch(/ものである構成|正極活物質である/);
  // Claim 4 names its claim at the end and a formula after it: 「…ものである、請求項１に記載の…。［化学式１］…」.
  expect(cathode.sections.embodiment).not.toContain('請求項１に記載の');
  // 「リチウム金属酸化物活物質及び前記活物質の表面に位置するコーティング層を含み」: two components (the cutter reads the
  // 及び list per part), the coating placed on the active material, not 「…は、リチウム金属酸化物活物質及び上記活物質の表面に位置する。」.
  expect(cathode.sections.embodiment).toContain('本実施形態に係るリチウム二次電池用正極活物質１は、リチウム金属酸化物活物質１０と、コーティング層２０と、を備える。');
  expect(cathode.sections.embodiment).toContain('コーティング層２０は、上記活物質の表面に位置する。');
  // 「複数の一次粒子からなり、…」: a limitation of its own, ended as a sentence ends.
  const metal = await draftWithoutGpt(input({ claims: particle!.claims!.slice(0, 1) }));
  expect(metal.sections.embodiment).toContain('複数の一次粒子からなる。');
  expect(metal.sections.embodiment).not.toContain('からなりである');
  expect(metal.sections.issue).not.toMatch(/金属粒子である構成/);
});

corpusTest('a cited document whose solution reads 「…ガラスセラミックスが提供される。」 is said to disclose that thing (JP2011093763A cited)', async () => {
  const [main, glass] = await Promise.all(['JP2021086834A', 'JP2011093763A'].map(async (id) => (await records('jp-fulltext.jsonl.gz', 1, (record) => record.id === id))[0]!));
  const draft = await draftWithoutGpt(input({ claims: main!.claims!.slice(0, 1), similar: [{ written: glass!.id, record: glass! }] }));
  expect(draft.sections.background).toMatch(/特許文献１には、.+を含む結晶相を含有するガラスセラミックスが開示されている。/);
  expect(draft.sections.background).not.toContain('提供される技術');
});

corpusTest('steps of a method are named as the claim names them, each once, and said as steps the method has', async () => {
  const [wafer, backlight] = await records('jp-fulltext.jsonl.gz', 2, (r) => r.id === 'JP2017191825A' || r.id === 'JP2014116944A').then((found) =>
    ['JP2017191825A', 'JP2014116944A'].map((id) => found.find((r) => r.id === id)!),
  );
  // JP2017191825A: 「…保護部材貼着工程と、…第１の改質層形成工程と、…第２の改質層形成工程と、…分割工程と、を備え、…」.
  // IPADIC reads 貼着工程 as 貼/着工/程, and 第１の / 第２の are what tells the two forming steps apart.
  const draft = await draftWithoutGpt(input({ lang: 'ja', claims: wafer!.claims!.slice(0, 3), drawings: [{ ...drawing, caption: '本実施形態に係るウエーハの加工方法を示すフローチャート' }] }));
  const { sections } = draft;
  // Steps are no parts: named, but without reference signs (see draft-steps.test.ts).
  expect(sections.symbol_descriptions).toEqual([]);
  expect(sections.embodiment).toContain('本実施形態に係るウエーハの加工方法は、保護部材貼着工程と、第１の改質層形成工程と、第２の改質層形成工程と、分割工程と、を備える。');
  // Each step is where its act is done (method-steps.ts).
  expect(sections.embodiment).toContain('第２の改質層形成工程では、ウエーハに対して透過性を有する');
  expect(sections.embodiment).toContain('上記第１の改質層形成工程および上記第２の改質層形成工程を実施した後、');
  // The characterising clause: 「又は」 stays a conjunction; the topic 「改質層は、」 modifies as 「改質層が」.
  expect(sections.issue).toContain('第２の改質層形成工程において又は第１の改質層形成工程');
  expect(sections.issue).toContain('改質層が１つの分割予定ラインにつき');
  // A flowchart is described as a flowchart, not as 「…フローチャートを示す図」.
  expect(draft.drawingDescriptions).toEqual(['本実施形態に係るウエーハの加工方法を示すフローチャートである。']);

  // JP2014116944A: 「バックライト駆動方法において、…取得するステップと、…調節するステップと、…駆動するステップとを含むことを特徴とするバックライト駆動方法。」
  const steps = (await draftWithoutGpt(input({ lang: 'ja', claims: backlight!.claims!.slice(0, 2) }))).sections;
  // A preamble that only names the subject is not said twice.
  expect(steps.method.startsWith('上記課題を解決するために、本発明に係るバックライト駆動方法は、ディスプレイ装置のバックライト光源の')).toBe(true);
  expect(steps.abstract).toContain('\n【解決手段】バックライト駆動方法は、ディスプレイ装置の');
  // Unnamed steps are steps the method has (「…ステップを備える。」), never 「…では、…ステップである。」.
  expect(steps.embodiment).toContain('また、本実施形態に係るバックライト駆動方法は、上記バックライト光源における上記対応する領域を、');
  expect(steps.embodiment).not.toMatch(/では、[^。]*ステップである。/);
});

corpusTest('an English method claim of lettered steps: plurals on the head noun, the last step said as a step, names without their participles', async () => {
  // US6857133B2 claim 1: 「A method for producing a water-resistant unit, comprising the steps of (a) providing a
  // water-resistant sleeve shaped and dimensioned … (g) inserting said elongate pliable strand through said hole …」.
  const [record] = await records('us.jsonl.gz', 1, (r) => r.id === 'US6857133B2');
  const { sections } = await draftWithoutGpt(input({ lang: 'en', claims: record!.claims!.slice(0, 6) }));
  expect(sections.background).toBe('Various configurations have been proposed for methods for producing a water-resistant unit.');
  expect(sections.issue).toContain('However, conventional methods for producing a water-resistant unit have not sufficiently considered a configuration that includes inserting the elongate pliable strand through the hole');
  expect(sections.issue).not.toMatch(/in which and|\(g\)/);
  expect(sections.title).toBe('Method for producing a water-resistant unit and water-resistant sleeve');
  expect(sections.symbol_descriptions.map((s) => s.name)).toEqual(['water-resistant sleeve', 'distal end', 'proximate end', 'elongate pliable strand', 'sheathing']);
});
