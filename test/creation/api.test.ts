// Creation support through its API, drafted by job type 8 in the same process (ROLE all) from
// real records of the demo corpus: a Japanese draft citing a reference and similar patents,
// drawings checked by content, every limit with its code, versions (edit, stale edit, restore),
// exports read back, cancel, and who may see what. Without GPT configured, as the demo runs.
import mammoth from 'mammoth';
import request from 'supertest';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { displayNumberOfId } from '../../src/patents/numbers.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { binary } from '../helpers/binary.ts';
import { png } from '../helpers/pages.ts';

interface Who {
  id: string;
  cookie: string;
  csrf: string;
}
interface Record {
  id: string;
  title: string;
  claims: string[];
  abstract: string | null;
}

let testApp: TestApp;
let owner: Who;
let stranger: Who;
let withoutFeature: Who;
let japanese: Record[];
let american: Record[];

async function creationUser(creation: boolean, languageCD: 'lang_ja' | 'lang_en' = 'lang_ja'): Promise<Who> {
  const account = await createAccount(testApp, { languageCD, features: { simple: true, patent_creation_support: creation } });
  const cookie = await sessionCookieFor(testApp, { userId: account.id });
  const { token, cookie: withCsrf } = await csrfFor(testApp, cookie);
  return { id: account.id, cookie: withCsrf, csrf: token };
}

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 40, (record) => record.region === 'jp' && Array.isArray(record.claims) && record.claims.length >= 3 && Boolean(record.abstract));
  const us = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 20, (record) => record.region === 'us' && Array.isArray(record.claims) && record.claims.length >= 3 && Boolean(record.abstract));
  await ingestFiles(testApp.runtime.db, [jp, us], { index: indexPatent });
  const { readFile } = await import('node:fs/promises');
  const read = async (file: string) => (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Record);
  japanese = await read(jp);
  american = await read(us);
  owner = await creationUser(true);
  stranger = await creationUser(true);
  withoutFeature = await creationUser(false);
}, 180_000);
afterAll(() => testApp.close());

const post = (path: string, body: unknown, who = owner) => request(testApp.app).post(path).set('Cookie', who.cookie).set('x-csrf-token', who.csrf).send(body as object);
const get = (path: string, who: { cookie: string } = owner) => request(testApp.app).get(path).set('Cookie', who.cookie);
const form = (who = owner) => request(testApp.app).post('/api/patent-creation-support/create').set('Cookie', who.cookie).set('x-csrf-token', who.csrf);

async function finished(id: string, who = owner): Promise<{ status: number; stage: number; errcode: string | null }> {
  for (let i = 0; i < 600; i++) {
    const { body } = await get(`/api/patent-creation-support/status?id=${id}`, who).expect(200);
    if (body.status !== 0) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`creation ${id} did not finish`);
}

test('a Japanese draft from a real patent’s claims cites the reference and the similar patents and keeps the claims', async () => {
  const [target, reference, similar] = japanese;
  const { body } = await post('/api/patent-creation-support/create', {
    lang: 'jp',
    claims: target!.claims.slice(0, 5),
    referenceNumber: displayNumberOfId(reference!.id, 'en'),
    referenceParts: { claims: true, abstract: true, fullText: false },
    similarPatents: [similar!.id, 'JP2099999999A'],
    keywords: '',
    memo: '出願準備',
  }).expect(202);
  expect(await finished(body.id)).toMatchObject({ status: 1, stage: 5, errcode: null });
  const { body: result } = await get(`/api/patent-creation-support/result?id=${body.id}`).expect(200);
  expect(result).toMatchObject({ version: 1, input: { claims: target!.claims.slice(0, 5), memo: { text: '出願準備' } } });
  const draft = result.result;
  // The claims stay as given, but for the stray spaces a gazette's text carries after 「、」.
  const bare = (claims: string[]) => claims.map((claim) => claim.replace(/\s+/g, ''));
  expect(bare(draft.claims)).toEqual(bare(target!.claims.slice(0, 5)));
  expect(draft.title.length).toBeGreaterThan(1);
  // The reference is 特許文献１ and the stored similar patent follows it, written as filings write them.
  expect(draft.preDocPatents.length).toBeGreaterThanOrEqual(2);
  expect(draft.preDocPatents[0]).toMatch(/号公報$/);
  expect(draft.background).toContain('特許文献１');
  expect(draft.embodiment.length).toBeGreaterThan(100);
  expect(draft.symbol_descriptions.length).toBeGreaterThan(0);
  for (const section of ['title', 'domain', 'background', 'issue', 'method', 'effect', 'embodiment', 'abstract']) expect([...draft[section]].length).toBeLessThanOrEqual(1500);
  // History lists it as a creation, done, with its memo.
  const { body: history } = await get('/api/history?kind=patent_creation_support').expect(200);
  expect(history.historyList.find((entry: { id: string }) => entry.id === body.id)).toMatchObject({ status: 1, statusLabel: 'done', memo: '出願準備' });
});

test('an English draft for the US in the US format, with a drawing checked by content and served to its owner only', async () => {
  const [target] = american;
  const { body } = await form()
    .field('request', JSON.stringify({ lang: 'us', claims: target!.claims.slice(0, 4), drawingCaptions: ['a perspective view of the device'] }))
    .attach('drawings', png(40, 30), 'fig1.png')
    .expect(202);
  expect(await finished(body.id)).toMatchObject({ status: 1 });
  const { body: result } = await get(`/api/patent-creation-support/result?id=${body.id}`).expect(200);
  expect(result.result.images).toEqual([expect.objectContaining({ fileName: 'fig1.png', mimeType: 'image/png', width: 40, height: 30 })]);
  expect(result.result.method).toMatch(/[a-z]/);
  expect(result.result.method).not.toMatch(/[\u3040-\u30ff]/);
  const drawingId = result.result.images[0].id;
  const image = await get(`/patent-creation-support/drawing?id=${drawingId}`).expect(200);
  expect(image.headers['content-type']).toBe('image/png');
  expect(Buffer.compare(image.body as Buffer, png(40, 30))).toBe(0);
  await get(`/patent-creation-support/drawing?id=${drawingId}`, stranger).expect(404);
  // The Word file in the US format reads back with its claims and the figure.
  const docx = await get(`/patent-creation-support/export.docx?id=${body.id}&format=us`).buffer(true).parse(binary).expect(200);
  const { value: text } = await mammoth.extractRawText({ buffer: docx.body as Buffer });
  expect(text).toContain('What is claimed is');
  expect(text).toContain('FIG. 1');
  const { value: html } = await mammoth.convertToHtml({ buffer: docx.body as Buffer });
  expect(html).toMatch(/<img [^>]*src="data:image\/png;base64,/);
});

test('a figure described without an image keeps its number and description, marked without a picture, also when the entry is created again', async () => {
  const [target] = japanese;
  const claims = target!.claims.slice(0, 3);
  // One image and two captions: the second figure is described but has no file.
  const { body } = await form()
    .field('request', JSON.stringify({ lang: 'jp', claims, drawingCaptions: ['本実施形態に係る装置の断面図', '制御部のブロック図'] }))
    .attach('drawings', png(40, 30), 'fig1.png')
    .expect(202);
  expect(await finished(body.id)).toMatchObject({ status: 1 });
  const { body: result } = await get(`/api/patent-creation-support/result?id=${body.id}`).expect(200);
  expect(result.result.images).toHaveLength(2);
  expect(result.result.images[0]).toMatchObject({ fileName: 'fig1.png', width: 40, height: 30, description: '本実施形態に係る装置の断面図である。' });
  expect(result.result.images[0].withoutPicture).toBeUndefined();
  expect(result.result.images[1]).toMatchObject({ withoutPicture: true, description: '制御部のブロック図である。' });
  await get(`/patent-creation-support/drawing?id=${result.result.images[1].id}`).expect(404);
  // 【図面の簡単な説明】 lists both figures; the Word file prints the second one's label without an image.
  const docx = await get(`/patent-creation-support/export.docx?id=${body.id}&format=jpo`).buffer(true).parse(binary).expect(200);
  const { value: text } = await mammoth.extractRawText({ buffer: docx.body as Buffer });
  const brief = text.slice(text.indexOf('【図面の簡単な説明】'));
  expect(brief).toMatch(/【図１】\s*本実施形態に係る装置の断面図である。/);
  expect(brief).toMatch(/【図２】\s*制御部のブロック図である。/);

  // Created again from the entry (the form keeps its figures): the figure without a picture stays one.
  const kept = result.result.images.map((image: { id: string; withoutPicture?: true }, i: number) => ({ id: image.id, caption: ['断面図', '制御部のブロック図'][i], ...(image.withoutPicture && { withoutPicture: true }) }));
  const { body: again } = await post('/api/patent-creation-support/create', { lang: 'jp', claims, keptDrawings: kept }).expect(202);
  expect(await finished(again.id)).toMatchObject({ status: 1 });
  const { body: second } = await get(`/api/patent-creation-support/result?id=${again.id}`).expect(200);
  expect(second.result.images.map((image: { withoutPicture?: true; description: string }) => [image.withoutPicture ?? false, image.description])).toEqual([
    [false, expect.stringContaining('断面図')],
    [true, '制御部のブロック図である。'],
  ]);
});

test('the JPO Word and HTML exports carry the 【…】 headings, paragraph numbers and claims', async () => {
  const [target] = japanese;
  const { body } = await post('/api/patent-creation-support/create', { lang: 'jp', claims: target!.claims.slice(0, 3) }).expect(202);
  expect((await finished(body.id)).status).toBe(1);
  const docx = await get(`/patent-creation-support/export.docx?id=${body.id}&format=jpo`).buffer(true).parse(binary).expect(200);
  expect(docx.headers['content-disposition']).toMatch(/attachment/);
  const { value: text } = await mammoth.extractRawText({ buffer: docx.body as Buffer });
  for (const heading of ['【書類名】明細書', '【技術分野】', '【背景技術】', '【発明の概要】', '【発明を実施するための形態】', '【書類名】特許請求の範囲', '【請求項１】', '【請求項３】', '【書類名】要約書']) {
    expect(text).toContain(heading);
  }
  expect(text).toContain('【０００１】');
  expect(text.indexOf('【技術分野】')).toBeLessThan(text.indexOf('【背景技術】'));
  const html = await get(`/patent-creation-support/export.html?id=${body.id}&format=jpo`).expect(200);
  expect(html.headers['content-type']).toMatch(/text\/html/);
  expect(html.text).toContain('【請求項１】');
  await get(`/patent-creation-support/export.docx?id=${body.id}&format=jpo`, stranger).expect(404);
});

test('every limit is refused with its code beside its field, and nothing is stored', async () => {
  const before = (await get('/api/history?kind=patent_creation_support').expect(200)).body.totalCount;
  const claim = '電池であって、正極と負極とを備える電池。';
  const cases: Array<[unknown, string, string]> = [
    [{ claims: [] }, 'E040', 'claims'],
    [{ claims: Array.from({ length: 21 }, () => claim) }, 'E041', 'claims'],
    [{ claims: [claim, 'あ'.repeat(1501)] }, 'E042', 'claims'],
    [{ claims: [claim], referenceNumber: 'JP'.padEnd(31, '1') }, 'E043', 'referenceNumber'],
    [{ claims: [claim], referenceNumber: japanese[0]!.id, referenceParts: { claims: false, abstract: false, fullText: false } }, 'E044', 'referenceParts'],
    [{ claims: [claim], similarPatents: ['JP'.padEnd(31, '2')] }, 'E045', 'similarPatents'],
    [{ claims: [claim], similarDocument: 'x'.repeat(5001) }, 'E047', 'similarDocument'],
    [{ claims: [claim], keywords: 'k'.repeat(501) }, 'E048', 'keywords'],
    [{ claims: [claim], memo: 'm'.repeat(5001) }, 'E059', 'memo'],
    [{ claims: [claim], referenceNumber: 'JP2099999999A' }, 'convert-0000', 'referenceNumber'],
  ];
  for (const [body, code, field] of cases) {
    const response = await post('/api/patent-creation-support/create', body).expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
    expect(response.body).toMatchObject({ errcode: code, field });
    expect(response.body.detail).toEqual(expect.any(String));
  }
  const drawingCases: Array<[(req: request.Test) => request.Test, string]> = [
    [(req) => req.field('request', JSON.stringify({ claims: [claim] })).attach('drawings', Buffer.from('not an image at all'), 'fig1.png'), 'E052'],
    [(req) => req.field('request', JSON.stringify({ claims: [claim] })).attach('drawings', png(), `${'図'.repeat(98)}.png`), 'E049'],
    [(req) => req.field('request', JSON.stringify({ claims: [claim], drawingCaptions: ['説'.repeat(501)] })).attach('drawings', png(), 'fig1.png'), 'E053'],
    [(req) => Array.from({ length: 11 }, (_, i) => i).reduce((r, i) => r.attach('drawings', png(), `fig${i}.png`), req.field('request', JSON.stringify({ claims: [claim], shouldUseGPT: true }))), 'E051'],
    [(req) => Array.from({ length: 21 }, (_, i) => i).reduce((r, i) => r.attach('drawings', png(), `fig${i}.png`), req.field('request', JSON.stringify({ claims: [claim] }))), 'E050'],
    [(req) => req.field('request', JSON.stringify({ claims: [claim] })).attach('drawings', Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]), 'big.png'), 'E054'],
  ];
  for (const [build, code] of drawingCases) {
    const response = await build(form()).expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
    expect(response.body).toMatchObject({ errcode: code, field: 'drawings' });
  }
  expect((await get('/api/history?kind=patent_creation_support').expect(200)).body.totalCount).toBe(before);
  // English wording for an English user.
  const english = await creationUser(true, 'lang_en');
  const { body: refused } = await post('/api/patent-creation-support/create', { claims: [] }, english).expect(400);
  expect(refused.detail).toBe('Enter at least one claim.');
});

test('more than 250 similar patents are cut to the first 250 with a notice', async () => {
  const numbers = Array.from({ length: 260 }, (_, i) => `JP20${String(i).padStart(2, '0')}-0000${String(i).padStart(2, '0')}`);
  const { body } = await post('/api/patent-creation-support/create', { claims: [japanese[1]!.claims[0]], similarPatents: numbers.join('\n') }).expect(202);
  expect(body.notices).toEqual([{ key: 'E046', values: { max: 250, given: 260 } }]);
  expect((await finished(body.id)).status).toBe(1);
  const { body: result } = await get(`/api/patent-creation-support/result?id=${body.id}`).expect(200);
  expect(result.input.populations).toHaveLength(250);
  const page = await get(`/patent-creation-support/detail?id=${body.id}&type=patent_creation_support`).expect(200);
  expect(page.text).toContain('類似特許は先頭の250件だけを使います（260件指定されました）。');
});

test('an edited section is a new version; an edit on an outdated version is refused; an earlier version can be restored', async () => {
  const { body } = await post('/api/patent-creation-support/create', { lang: 'jp', claims: japanese[2]!.claims.slice(0, 2) }).expect(202);
  expect((await finished(body.id)).status).toBe(1);
  const { body: first } = await get(`/api/patent-creation-support/result?id=${body.id}`).expect(200);
  const prefabId = first.prefabId;
  const edited = await post('/api/patent-creation-support/update', { prefabId, version: 1, domain: '本発明は、改良された電池に関する。' }).expect(200);
  expect(edited.body.version).toBe(2);
  const { body: second } = await get(`/api/patent-creation-support/result?id=${body.id}`).expect(200);
  expect(second).toMatchObject({ version: 2, result: { domain: '本発明は、改良された電池に関する。', title: first.result.title } });
  // The tab still on version 1 cannot overwrite version 2.
  const stale = await post('/api/patent-creation-support/update', { prefabId, version: 1, domain: '古い画面からの編集' }).expect(409);
  expect(stale.body.errcode).toBe('E056');
  const tooLong = await post('/api/patent-creation-support/update', { prefabId, version: 2, background: 'あ'.repeat(1501) }).expect(400);
  expect(tooLong.body).toMatchObject({ errcode: 'E055', field: 'background' });
  expect(tooLong.body.detail).toContain('背景技術');
  // Version 1 is still there, and made the latest again as version 3.
  const { body: old } = await get(`/api/patent-creation-support/result?id=${body.id}&version=1`).expect(200);
  expect(old.result.domain).toBe(first.result.domain);
  const restored = await post('/api/patent-creation-support/restore', { prefabId, version: 1, expectedVersion: 2 }).expect(200);
  expect(restored.body.version).toBe(3);
  expect((await get(`/api/patent-creation-support/result?id=${body.id}`).expect(200)).body.result.domain).toBe(first.result.domain);
  // Nobody else reaches it.
  await post('/api/patent-creation-support/update', { prefabId, version: 3, domain: 'x' }, stranger).expect(404);
  await get(`/api/patent-creation-support/result?id=${body.id}`, stranger).expect(404);
  const page = await get(`/patent-creation-support/detail?id=${body.id}&type=patent_creation_support&version=1`).expect(200);
  expect(page.text).toContain('第1版を最新に戻す');
});

test('a draft can be cancelled; a stranger and a user without the feature reach nothing; no stored id goes to history', async () => {
  const { body } = await post('/api/patent-creation-support/create', { claims: japanese[3]!.claims }).expect(202);
  await post('/api/patent-creation-support/cancel', { id: body.id }, stranger).expect(404);
  const cancelled = await post('/api/patent-creation-support/cancel', { id: body.id }).expect(200);
  expect([1, 9]).toContain(cancelled.body.status);
  expect([1, 9]).toContain((await finished(body.id)).status);
  await get(`/api/patent-creation-support/status?id=${body.id}`, stranger).expect(404);
  await post('/api/patent-creation-support/create', { claims: ['a'] }, withoutFeature).expect(403);
  const missing = await get('/patent-creation-support/detail?id=00000000-0000-4000-8000-000000000000').expect(302);
  expect(missing.headers.location).toBe('/history');
  // The form reopened from history restores the input.
  const reopened = await get(`/patent-creation-support/create?id=${body.id}`).expect(200);
  expect(reopened.text).toContain(japanese[3]!.claims[0]!.slice(0, 20));
});
