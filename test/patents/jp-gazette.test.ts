// Japanese gazette text → PatentRecord. Real text only (test/fixtures/patents/README.md):
// the bibliographic part of 特開2024-108988 exactly as J-PlatPat serves it (HTML with
// <br>, full-width classification symbols, 令和 dates), and the abstract and claim 1 of
// 特開2020-151139 and 特開2020-151725 as published. No Japanese description text
// (【発明の詳細な説明】 with 【０００１】 paragraphs) of a real gazette was found in the
// public sources available, so the description layout is not exercised here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  japaneseDateToYmd,
  jpApplicationNumber,
  jpPublicationId,
  parseJpGazette,
  readJpGazette,
  toHalfWidth,
} from '../../src/patents/ingest/parsers/jp-gazette.ts';

const fixtures = path.resolve('test/fixtures/patents/jp');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const bibliography = read('jplatpat-text-data-2024-108988.txt');
/** The sample records end with a trailer added by the repository's own formatter ("meta.local_path: …"), which is not gazette text. */
const gazettePart = (text: string) => text.slice(0, text.indexOf('meta.local_path:'));
const balloonCatheter = gazettePart(read('lee2379-sample_record_2020151139.txt'));
const laserMachine = gazettePart(read('lee2379-sample_record_ai_2020151725.txt'));

describe('parseJpGazette: bibliographic data of 特開2024-108988 as J-PlatPat serves it', () => {
  const record = parseJpGazette(bibliography);

  test('id and kind from 【公開番号】特開2024-108988(P2024-108988A)', () => {
    expect(record.id).toBe('JP2024108988A');
    expect(record.region).toBe('jp');
    expect(record.kind).toBe('application');
    expect(record.source).toBe('jp-gazette');
  });

  test('令和 dates to yyyyMMdd, application number', () => {
    expect(record.publicationDate).toBe('20240813');
    expect(record.applicationDate).toBe('20230131');
    expect(record.registrationDate).toBeNull();
    expect(record.applicationNumber).toBe('特願2023-022940');
  });

  test('title, applicants (【氏名又は名称】 under 【出願人】) and inventors (【氏名】 under 【発明者】)', () => {
    expect(record.title).toBe('毛髪変形化粧料');
    expect(record.applicants).toEqual(['株式会社イングラボ', '株式会社ＣＵＴＩＣＵＬＡ']);
    expect(record.inventors).toEqual(['中谷 靖章', '一木 登紀男']);
  });

  test('IPC and FI from full-width symbols, F-terms', () => {
    expect(record.ipc).toEqual(['A61K 8/898', 'A61Q 5/04']);
    expect(record.fi).toEqual(['A61K 8/898', 'A61Q 5/04']);
    expect(record.fterm).toEqual(['4C083AB082', '4C083AC302']);
    expect(record.cpc).toBeNull();
  });

  test('HTML of the source leaves no trace, and a bibliography alone has no abstract or claims', () => {
    expect(JSON.stringify(record)).not.toMatch(/<br>|<\/?RTI>|SDO/);
    expect(record.abstract).toBeNull();
    expect(record.claims).toBeNull();
    expect(record.description).toBeNull();
  });

  test('the same text with <br> already turned into line breaks reads the same', () => {
    const plain = bibliography.replace(/<br>/g, '').replace(/<[^>]+>/g, '');
    expect(parseJpGazette(plain)).toEqual(record);
  });
});

describe('readJpGazette: abstract and claims as published (特開2020-151139, 特開2020-151725)', () => {
  test('【要約】 with 【課題】 and 【解決手段】, without 【選択図】; wrapped lines joined', () => {
    const content = readJpGazette(balloonCatheter);
    expect(content.abstract).toBe(
      '【課題】挿入時及び装着時の患者の不快感が少ないバルーンカテーテルを提供する。' +
        '【解決手段】内部に第一流路２２及び第二流路２３を備えたカテーテル本体２０と、カテーテルの排出口側端部２１にバルーン部４０とを有し、' +
        'バルーン部４０が、膨張収縮可能な可撓性のチューブ４１からなり、チューブ４１の軸方向Ｙの一端部４１ａが、カテーテル本体２０の排出口端面２０ｂに接続された第一接続部４２と、' +
        '排出口端面２０ｂの近傍でチューブが反転された反転部４３と、チューブの軸方向の他端部４１ｂが、カテーテル本体２０の外壁２０ａに接続された第二接続部４４とを、備えるバルーンカテーテルとする。',
    );
    expect(content.abstract).not.toContain('選択図');
  });

  test('【請求項１】 (full-width digit) is claim 1, its text as published', () => {
    const content = readJpGazette(balloonCatheter);
    expect(content.claims).toHaveLength(1);
    expect(content.claims![0]).toMatch(/^内部に第一流路及び第二流路を備えたカテーテル本体と、/);
    expect(content.claims![0]).toMatch(/前記バルーン部が、/);
    expect(content.claims![0]).toMatch(/第二接続部とを備えるバルーンカテーテル。$/);
    expect(content.claims![0]).not.toContain('\n');
  });

  test('a claim spread over several lines, ending in "…を備える、機械学習装置。"', () => {
    const content = readJpGazette(laserMachine);
    expect(content.claims).toEqual([
      'レーザ光とアシストガスとを同軸及び非同軸に出射可能なレーザ加工機でワークを切断するときの、同軸から非同軸へのずらし量を学習する機械学習装置であって、 ' +
        '前記レーザ加工機に与えられる加工プログラムに含まれる加工条件データ、及び該加工プログラムを実行したワークの切断箇所に生じるドロスの寸法の測定データを、' +
        'ワークを切断する環境の現在状態を表す状態変数として観測する状態観測部と、前記状態変数を用いて、前記ずらし量をワークの切断品質と関連付けて学習する学習部と、を備える、機械学習装置。',
    ]);
    expect(content.abstract).toMatch(/^【課題】アシストガスの最適なずらし量を取得する技術が求められている。【解決手段】レーザ光と/);
  });

  test('a text without a publication number yields no id, and parseJpGazette refuses it', () => {
    expect(readJpGazette(balloonCatheter).id).toBeNull();
    expect(() => parseJpGazette(balloonCatheter)).toThrow(
      'JP gazette: no publication number found (expected 【公開番号】, 【公表番号】, 【特許番号】 or 【登録番号】)',
    );
  });
});

describe('errors', () => {
  test('empty text', () => {
    expect(() => parseJpGazette('')).toThrow('JP gazette: empty text');
  });

  test('a 再公表 gazette is skipped with a clear error', () => {
    expect(() => parseJpGazette(`【公報種別】再公表特許(A1)\n${bibliography}`)).toThrow(/再公表 .*has no JP publication number of its own; it is skipped/);
    expect(() => jpPublicationId('再公表WO2018/123456')).toThrow(/再公表/);
  });

  test('a number that is none of the known forms', () => {
    expect(() => jpPublicationId('WO2022/030405')).toThrow(/再公表|not a publication number/);
    expect(() => jpPublicationId('特願2023-22940')).toThrow('is not a publication number');
  });
});

describe('publication numbers → corpus ids', () => {
  test.each([
    ['特開2024-108988', undefined, 'JP2024108988A', 'application'],
    ['特開２０２０－１５１１３９', undefined, 'JP2020151139A', 'application'],
    ['特開2000-174797(P2000-174797A)', undefined, 'JP2000174797A', 'application'],
    ['特開平11-123456', undefined, 'JPH11123456A', 'application'],
    ['特表2019-500000', undefined, 'JP2019500000A', 'application'],
    ['特許第2545982号(P2545982)', undefined, 'JP2545982B2', 'patent'],
    ['特許第5045860号', 'B1', 'JP5045860B1', 'patent'],
    ['特許6543210', undefined, 'JP6543210B2', 'patent'],
    ['実用新案登録第3200000号(U3200000)', 'U', 'JP3200000U', 'utility'],
    ['実開平5-12345', undefined, 'JPH05012345U', 'utility'],
    ['意匠登録第1234567号', undefined, 'JP1234567S', 'design'],
  ])('%s (%s) → %s', (text, code, id, kind) => {
    expect(jpPublicationId(text, code)).toEqual({ id, kind });
  });

  test('application numbers', () => {
    expect(jpApplicationNumber('特願2023-22940(P2023-22940)')).toBe('特願2023-022940');
    expect(jpApplicationNumber('特願平11-12345')).toBe('特願平11-012345');
  });
});

describe('Japanese dates', () => {
  test.each([
    ['令和6年8月13日(2024.8.13)', '20240813'],
    ['令和元年5月1日', '20190501'],
    ['令和２年１月２３日', '20200123'],
    ['平成31年4月30日', '20190430'],
    ['平成元年1月8日', '19890108'],
    ['昭和64年1月7日', '19890107'],
    ['2020年1月23日', '20200123'],
    ['２０２０年１２月１日', '20201201'],
    ['(2023.1.31)', '20230131'],
    ['2023/01/31', '20230131'],
    ['R2.1.23', '20200123'],
  ])('%s → %s', (text, expected) => {
    expect(japaneseDateToYmd(text)).toBe(expected);
  });

  test('no date, or an impossible one', () => {
    expect(japaneseDateToYmd('未定')).toBeNull();
    expect(japaneseDateToYmd('令和2年13月1日')).toBeNull();
  });

  test('full-width folding', () => {
    expect(toHalfWidth('Ａ６１Ｋ　８／８９８')).toBe('A61K 8/898');
    expect(toHalfWidth('【請求項１】')).toBe('【請求項1】');
  });
});
