// Chinese patent text → PatentRecord. Real text only (test/fixtures/patents/README.md):
// the front pages of CN 110346043 A and CN 112856361 B as MinerU extracted them from the
// CNIPA PDFs (with its stray spaces: "CN 110346043 A", "2019 .06 .03", an applicant running
// into its address), and the eight claims of CN 116327231 A as Wanfang prints them. No
// real 说明书 (description) text was found in the public sources available, so the
// description layout is not exercised here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  cnApplicationNumber,
  cnClassificationSymbols,
  cnDateToYmd,
  cnPublicationId,
  parseCnText,
  splitCnClaims,
} from '../../src/patents/ingest/parsers/cn-text.ts';

const fixtures = path.resolve('test/fixtures/patents/cn');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const applicationFrontPage = read('literature-workflow-CN110346043A-front-page.txt');
const grantFrontPage = read('literature-workflow-CN112856361B-front-page.txt');
const wanfang = JSON.parse(read('wanfang-CN116327231A.json')) as { patentNumber: string; rights: string; title: string };

describe('parseCnText: front page of an application publication (CN 110346043 A)', () => {
  const record = parseCnText(applicationFrontPage);

  test('id and kind from (10)申请公布号 with spaces inside', () => {
    expect(record.id).toBe('CN110346043A');
    expect(record.region).toBe('cn');
    expect(record.kind).toBe('application');
    expect(record.source).toBe('cn-text');
  });

  test('application number and dates with stray spaces', () => {
    expect(record.applicationNumber).toBe('201910477986.4');
    expect(record.applicationDate).toBe('20190603');
    expect(record.publicationDate).toBe('20191018');
    expect(record.registrationDate).toBeNull();
  });

  test('title under "## (54)发明名称", abstract under "## (57)摘要"', () => {
    expect(record.title).toBe('一种快速评价颗粒肥料表面泛白程度的方法');
    expect(record.abstract).toBe('本发明涉及一种快速评价颗粒肥料表面泛白程度的方法……');
  });

  test('applicant cut before its address, inventors split on spaces, agency ignored', () => {
    expect(record.applicants).toEqual(['湖北富邦科技股份有限公司']);
    expect(record.inventors).toEqual(['李淑华', '阮自斌', '吴初柱', '陈凯']);
    expect(JSON.stringify(record)).not.toContain('代理');
  });

  test('"(51)Int .Cl . (2006 .01)" without symbols gives no IPC; a front page has no claims', () => {
    expect(record.ipc).toBeNull();
    expect(record.claims).toBeNull();
    expect(record.description).toBeNull();
  });
});

describe('parseCnText: front page of a grant (CN 112856361 B)', () => {
  const record = parseCnText(grantFrontPage);

  test('the 授权公告号 wins over the earlier 申请公布号 printed on the same page', () => {
    expect(record.id).toBe('CN112856361B');
    expect(record.kind).toBe('patent');
  });

  test('publication and registration date are the 授权公告日', () => {
    expect(record.publicationDate).toBe('20211231');
    expect(record.registrationDate).toBe('20211231');
    expect(record.applicationDate).toBe('20210308');
    expect(record.applicationNumber).toBe('202110251250.2');
  });

  test('title on the same line as (54)发明名称; two patentees in one line with an address between them', () => {
    expect(record.title).toBe('热法磷酸全热能回收系统');
    expect(record.applicants).toEqual(['昆明理工大学', '浙江凯明科工程开发有限公司']);
    expect(record.abstract).toBe('本发明公开了一种热法磷酸全热能回收系统……');
  });

  test('inventors as printed (two names the PDF extraction glued together stay one)', () => {
    expect(record.inventors).toEqual(['梅毅', '杜加磊', '杨亚斌', '梁慧力王政伟']);
  });
});

describe('splitCnClaims: the claims of CN 116327231 A', () => {
  const claims = splitCnClaims(wanfang.rights);

  test('eight claims in order, each starting with its number', () => {
    expect(claims).toHaveLength(8);
    expect(claims.map((claim) => /^(\d+)\./.exec(claim)?.[1])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(claims[0]).toMatch(/^1\.一种肢体检测放射影像装置，其特征在于，包括底板\(1\)，/);
    expect(claims[0]).toMatch(/所述安装座\(711\)上配合装配有束缚板\(712\)。$/);
    expect(claims[7]).toMatch(/^8\.根据权利要求1所述的一种肢体检测放射影像装置,其特征在于，所述支撑板\(5\)的一侧开设有导向槽\(6\)/);
  });

  test('"权利要求1所述", reference numerals "(711)" and the like never start a claim', () => {
    expect(claims[1]).toMatch(/^2\.根据权利要求1所述的/);
    expect(claims.join('')).toBe(wanfang.rights.replace(/\s+(?=\d\.根据)/g, ''));
  });

  test('one claim per line, as text taken from a PDF has them, splits the same way', () => {
    expect(splitCnClaims(wanfang.rights.replace(/ (?=\d\.)/g, '\n'))).toEqual(claims);
  });
});

describe('errors', () => {
  test('a text without a publication number', () => {
    expect(() => parseCnText(`权利要求书\n${wanfang.rights}`)).toThrow(
      'CN text: no publication number found (expected 申请公布号 or 授权公告号 followed by CN…)',
    );
  });

  test('empty text', () => {
    expect(() => parseCnText(' \n')).toThrow('CN text: empty text');
  });
});

describe('helpers', () => {
  test('publication numbers and kinds', () => {
    expect(cnPublicationId('CN 110346043 A')).toEqual({ id: 'CN110346043A', kind: 'application' });
    expect(cnPublicationId(wanfang.patentNumber)).toEqual({ id: 'CN116327231A', kind: 'application' });
    // Kind codes of records in the shared corpus (cn.jsonl.gz).
    expect(cnPublicationId('CN101308551B')?.kind).toBe('patent');
    expect(cnPublicationId('CN1216338C')?.kind).toBe('patent');
    expect(cnPublicationId('CN201476537U')?.kind).toBe('utility');
    expect(cnPublicationId('CN200960383Y')?.kind).toBe('utility');
    expect(cnPublicationId('CN304218960S')?.kind).toBe('design');
    expect(cnPublicationId('202110251250.2')).toBeNull();
  });

  test('dates, application numbers and IPC symbols', () => {
    expect(cnDateToYmd('2021 .03.08')).toBe('20210308');
    expect(cnDateToYmd('2023-04-14')).toBe('20230414');
    expect(cnDateToYmd('2019年6月3日')).toBe('20190603');
    expect(cnApplicationNumber('CN202310400741.8')).toBe('202310400741.8');
    expect(cnApplicationNumber('201910477986 .4')).toBe('201910477986.4');
    expect(cnClassificationSymbols('G06T 7/11(2017.01)I; A61B 8/08(2006.01)I')).toEqual(['G06T 7/11', 'A61B 8/08']);
  });
});
