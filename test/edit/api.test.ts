// Document editing through its API on real records of the demo corpus: a creation result opened
// as a copy, items saved as versions (a stale tab refused, undo), claims reordered with their
// references renumbered, drawings added by content and removed, a Word file made by the product
// read back into sections, a file of another type refused, the drafting checks finding a planted
// antecedent error, exports, and who may see what.
import mammoth from 'mammoth';
import request from 'supertest';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';
import { csrfFor } from '../helpers/auth.ts';
import { binary } from '../helpers/binary.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { png } from '../helpers/pages.ts';

interface Who {
  id: string;
  cookie: string;
  csrf: string;
}

let testApp: TestApp;
let owner: Who;
let stranger: Who;
/** A Japanese gazette whose claim 2 refers to claim 1 (「請求項１…記載の」). */
let dependent: { id: string; claims: string[] };

async function editor(): Promise<Who> {
  const account = await createAccount(testApp, { languageCD: 'lang_ja', features: { simple: true, patent_creation_support: true } });
  const cookie = await sessionCookieFor(testApp, { userId: account.id });
  const { token, cookie: withCsrf } = await csrfFor(testApp, cookie);
  return { id: account.id, cookie: withCsrf, csrf: token };
}

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 60, (record) => record.region === 'jp' && Array.isArray(record.claims) && record.claims.length >= 3 && /^請求項[1１]/.test(String(record.claims[1])));
  await ingestFiles(testApp.runtime.db, [jp], { index: indexPatent });
  const { readFile } = await import('node:fs/promises');
  dependent = JSON.parse((await readFile(jp, 'utf8')).split('\n')[0]!);
  owner = await editor();
  stranger = await editor();
}, 180_000);
afterAll(() => testApp.close());

const post = (path: string, body: unknown, who = owner) => request(testApp.app).post(path).set('Cookie', who.cookie).set('x-csrf-token', who.csrf).send(body as object);
const get = (path: string, who: { cookie: string } = owner) => request(testApp.app).get(path).set('Cookie', who.cookie);
const documentOf = async (id: string, who = owner) => (await get(`/api/patent-document-edit/document?id=${id}`, who).expect(200)).body;

async function draftOf(claims: string[]): Promise<string> {
  const { body } = await post('/api/patent-creation-support/create', { lang: 'jp', claims }).expect(202);
  for (let i = 0; i < 300; i++) {
    const { body: status } = await get(`/api/patent-creation-support/status?id=${body.id}`).expect(200);
    if (status.status === 1) return body.id;
    if (status.status !== 0) throw new Error(`creation ended ${status.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('creation did not finish');
}

test('a creation result opens as a copy: edits are versions of the copy, the draft stays as it was', async () => {
  const creationId = await draftOf(dependent.claims.slice(0, 3));
  const { body: opened } = await post('/api/patent-document-edit/open', { creationId }).expect(201);
  const first = await documentOf(opened.id);
  const { body: draft } = await get(`/api/patent-creation-support/result?id=${creationId}`).expect(200);
  expect(first).toMatchObject({ version: 1, latestVersion: 1, lang: 'ja', sections: { title: draft.result.title, claims: draft.result.claims } });
  const saved = await post('/api/patent-document-edit/save', { id: opened.id, version: 1, domain: '本発明は、刈刃装置に関する。' }).expect(200);
  expect(saved.body.version).toBe(2);
  expect((await documentOf(opened.id)).sections.domain).toBe('本発明は、刈刃装置に関する。');
  expect((await get(`/api/patent-creation-support/result?id=${creationId}`).expect(200)).body.result.domain).toBe(draft.result.domain);
  // A tab still on version 1 is refused; undo brings version 1's text back as version 3.
  expect((await post('/api/patent-document-edit/save', { id: opened.id, version: 1, domain: '古い画面' }).expect(409)).body.errcode).toBe('E056');
  expect((await post('/api/patent-document-edit/undo', { id: opened.id, version: 2 }).expect(200)).body.version).toBe(3);
  expect((await documentOf(opened.id)).sections.domain).toBe(draft.result.domain);
  // History lists the edit, and nobody else reaches it.
  const { body: history } = await get('/api/history?kind=patent_edit').expect(200);
  expect(history.historyList.map((entry: { id: string }) => entry.id)).toContain(opened.id);
  await get(`/api/patent-document-edit/document?id=${opened.id}`, stranger).expect(404);
  await post('/api/patent-document-edit/save', { id: opened.id, version: 3, domain: 'x' }, stranger).expect(404);
  await post('/api/patent-document-edit/open', { creationId }, stranger).expect(404);
});

test('claims reordered: numbers and the references of dependent claims follow', async () => {
  const { body: opened } = await post('/api/patent-document-edit/open', { lang: 'ja' }).expect(201);
  const claims = dependent.claims.slice(0, 3);
  await post('/api/patent-document-edit/save', { id: opened.id, version: 1, claims }).expect(200);
  // Claim 1 moves to the end: the claims that referred to 1 now refer to 3.
  const { body } = await post('/api/patent-document-edit/reorder', { id: opened.id, version: 2, what: 'claims', order: [1, 2, 0] }).expect(200);
  const moved = (await documentOf(opened.id)).sections.claims as string[];
  expect(body.version).toBe(3);
  expect(moved[2]).toBe(claims[0]!.trim());
  expect(moved[0]).toMatch(/^請求項[3３]/);
  // And back: the text is exactly as before.
  await post('/api/patent-document-edit/reorder', { id: opened.id, version: 3, what: 'claims', order: [2, 0, 1] }).expect(200);
  expect((await documentOf(opened.id)).sections.claims).toEqual(claims.map((claim) => claim.trim()));
  const bad = await post('/api/patent-document-edit/reorder', { id: opened.id, version: 4, what: 'claims', order: [0, 0, 1] }).expect(400);
  expect(bad.body).toMatchObject({ errcode: 'E102', field: 'order' });
});

test('drawings are added by content, described, removed; a file that is not an image is refused', async () => {
  const { body: opened } = await post('/api/patent-document-edit/open', { lang: 'ja' }).expect(201);
  const add = (version: number, file: Buffer, name: string) =>
    request(testApp.app).post('/api/patent-document-edit/drawings').set('Cookie', owner.cookie).set('x-csrf-token', owner.csrf).field('id', opened.id).field('version', String(version)).attach('drawings', file, name);
  const refused = await add(1, Buffer.from('just text'), 'fig.png').expect(400);
  expect(refused.body).toMatchObject({ errcode: 'E102', field: 'drawings' });
  expect(refused.body.detail).toContain('fig.png');
  await add(1, png(30, 20), 'fig1.png').expect(200);
  await add(2, png(40, 20), 'fig2.png').expect(200);
  const withTwo = await documentOf(opened.id);
  expect(withTwo.drawings.map((drawing: { width: number }) => drawing.width)).toEqual([30, 40]);
  await post('/api/patent-document-edit/save', { id: opened.id, version: 3, embodiment: '図２に示すように、装置は軸を備える。', drawings: [{ id: withTwo.drawings[1].id, description: '装置の側面図である。' }] }).expect(200);
  // Figure 1 removed: figure 2 becomes figure 1, in the text too.
  await post('/api/patent-document-edit/drawings/remove', { id: opened.id, version: 4, index: 0 }).expect(200);
  const after = await documentOf(opened.id);
  expect(after.drawings).toHaveLength(1);
  expect(after.drawings[0]).toMatchObject({ width: 40, description: '装置の側面図である。' });
  expect(after.sections.embodiment).toContain('図１');
});

test('a Word file made by the product reads back into its sections; another type is E102', async () => {
  const creationId = await draftOf(dependent.claims.slice(0, 3));
  const docx = await get(`/patent-creation-support/export.docx?id=${creationId}&format=jpo`).buffer(true).parse(binary).expect(200);
  const { body: draft } = await get(`/api/patent-creation-support/result?id=${creationId}`).expect(200);
  const upload = (file: Buffer, name: string) => request(testApp.app).post('/api/patent-document-edit/open').set('Cookie', owner.cookie).set('x-csrf-token', owner.csrf).attach('file', file, name);
  const { body: opened } = await upload(docx.body as Buffer, '明細書.docx').expect(201);
  const imported = await documentOf(opened.id);
  expect(imported.sections.title).toBe(draft.result.title);
  expect(imported.sections.claims.map((claim: string) => claim.replace(/\s+/g, ''))).toEqual(draft.result.claims.map((claim: string) => claim.replace(/\s+/g, '')));
  const refused = await upload(Buffer.from('これは明細書ではありません'), 'memo.docx').expect(400);
  expect(refused.body).toMatchObject({ errcode: 'E102', field: 'file' });
  // One document at a time: a second file is malformed, not "too many drawings".
  const two = await upload(docx.body as Buffer, '明細書.docx').attach('file', docx.body as Buffer, '明細書2.docx').expect(400);
  expect(two.body).toMatchObject({ errcode: 'E102', field: 'file' });
  // Exports: the edited Word file and the claims as CSV.
  const word = await get(`/patent-document-edit/export.docx?id=${opened.id}&format=jpo`).buffer(true).parse(binary).expect(200);
  expect((await mammoth.extractRawText({ buffer: word.body as Buffer })).value).toContain('【請求項１】');
  const csv = await get(`/patent-document-edit/export.csv?id=${opened.id}`).expect(200);
  expect(csv.text.startsWith('\uFEFF')).toBe(true);
  expect(csv.text).toContain('請求項番号');
});

test('the drafting checks find a planted antecedent error in a claim and point at it', async () => {
  const { body: opened } = await post('/api/patent-document-edit/open', { lang: 'ja' }).expect(201);
  const claims = ['基板と、前記基板の上に設けられた電極と、を備える装置。', '前記電極は、前記蓋部材に接続される、請求項１に記載の装置。'];
  await post('/api/patent-document-edit/save', { id: opened.id, version: 1, claims, embodiment: '装置は、基板と電極とを備える。電極は基板の上に設けられる。' }).expect(200);
  const { body } = await get(`/api/patent-document-edit/checks?id=${opened.id}`).expect(200);
  const antecedent = body.findings.filter((finding: { check: string }) => finding.check === 'antecedent');
  expect(antecedent).toEqual([expect.objectContaining({ section: 'claims', item: 1, text: expect.stringContaining('蓋部材') })]);
  expect(antecedent[0].message).toContain('蓋部材');
});

test('a blank document is not "without findings": the checks name the parts it cannot be filed without, then those the form asks for', async () => {
  const { body: opened } = await post('/api/patent-document-edit/open', { lang: 'ja' }).expect(201);
  const required = async () => ((await get(`/api/patent-document-edit/checks?id=${opened.id}`).expect(200)).body.findings as Array<{ check: string; severity: string; section: string; message: string }>).filter((finding) => finding.check === 'required');
  const blank = await required();
  expect(blank.filter((finding) => finding.severity === 'error').map((finding) => finding.section)).toEqual(['title', 'claims', 'embodiment', 'abstract']);
  expect(blank.filter((finding) => finding.severity === 'warning').map((finding) => finding.section)).toEqual(['domain', 'background', 'issue', 'method']);
  expect(blank.find((finding) => finding.section === 'claims')!.message).toBe('請求項がありません。【特許請求の範囲】は出願に必要な項目です。');
  expect(blank.find((finding) => finding.section === 'title')!.message).toBe('【発明の名称】が未記入です。出願に必要な項目です。');
  // Written parts are no longer named.
  await post('/api/patent-document-edit/save', { id: opened.id, version: 1, claims: ['基板と、前記基板の上に設けられた電極と、を備える装置。'], title: '装置' }).expect(200);
  expect((await required()).map((finding) => finding.section)).toEqual(['embodiment', 'abstract', 'domain', 'background', 'issue', 'method']);
});

test('an English (US) document read in Japanese cites the USPTO\'s arrangement for what it lacks, not the JPO\'s form', async () => {
  const { body: opened } = await post('/api/patent-document-edit/open', { lang: 'en' }).expect(201);
  const { body } = await get(`/api/patent-document-edit/checks?id=${opened.id}`).expect(200);
  const warnings = (body.findings as Array<{ check: string; severity: string; section: string; message: string }>).filter((finding) => finding.check === 'required' && finding.severity === 'warning');
  expect(warnings.map((finding) => finding.section)).toEqual(['background', 'method']);
  for (const warning of warnings) {
    expect(warning.message).toContain('37 CFR 1.77');
    expect(warning.message).not.toContain('様式第29');
  }
  // Named by the heading the editor shows for it, quoted in a Japanese sentence.
  expect(warnings.map((warning) => warning.message.split('が未記入')[0])).toEqual(['「Background」', '「Summary — Solution to Problem」']);
  const claims = (body.findings as Array<{ check: string; section: string; message: string }>).find((finding) => finding.check === 'required' && finding.section === 'claims');
  expect(claims!.message).toBe('請求項がありません。「Claims」は出願に必要な項目です。');
});

test('without GPT configured, a GPT edit is refused with a message that says so', async () => {
  const { body: opened } = await post('/api/patent-document-edit/open', { lang: 'ja' }).expect(201);
  const refused = await post('/api/patent-document-edit/gpt', { id: opened.id, version: 1, items: ['domain'], instruction: '短くしてください。' }).expect(409);
  expect(refused.body).toMatchObject({ errcode: 'E417', detail: 'GPT が設定されていないため、GPT による編集は使えません。' });
});
