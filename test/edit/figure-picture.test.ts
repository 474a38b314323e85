// A figure without a picture (画像なし) takes one in place, in both editors: the draft of a
// creation result (/api/patent-creation-support/drawings/attach) and the document editor
// (/api/patent-document-edit/drawings/attach), the latter on a Word file made by the product from
// a demo-corpus draft whose figure 2 is described without a picture. The figure keeps its number
// and description, and is afterwards shown, exported and versioned like any other; a file that is
// not an image (by content), too large, on an outdated version, without the CSRF token, or sent
// for another user's document is refused in the user's language and changes nothing.
import mammoth from 'mammoth';
import request from 'supertest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { binary } from '../helpers/binary.ts';
import { drafter, draftWithFigureWithoutPicture as draftOf, ingestDemoClaims, openDraftWord, type Drafter as Who, type DraftFigure as Figure } from '../helpers/drafts.ts';
import { png } from '../helpers/pages.ts';

let testApp: TestApp;
let owner: Who;
let english: Who;
let stranger: Who;
let claims: string[];

const NOT_IMAGE = {
  ja: '図面は PNG・JPEG・GIF の画像だけを添付できます（block.png は画像ではありません）。',
  en: 'Drawings must be PNG, JPEG or GIF images (block.png is not an image).',
};

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  claims = await ingestDemoClaims(testApp);
  owner = await drafter(testApp, 'ja');
  english = await drafter(testApp, 'en');
  stranger = await drafter(testApp, 'ja');
}, 180_000);
afterAll(() => testApp.close());

const get = (path: string, who: Who = owner) => request(testApp.app).get(path).set('Cookie', who.cookie);
const pictures = async (who: Who) => Number((await testApp.runtime.db('patent_drawings').where({ user_id: who.id }).count<Array<{ count: string }>>('id as count'))[0]!.count);
const imagesInWord = async (path: string, who: Who = owner) => {
  const word = await get(path, who).buffer(true).parse(binary).expect(200);
  return ((await mammoth.convertToHtml({ buffer: word.body as Buffer })).value.match(/<img /g) ?? []).length;
};
/** A finished draft of the demo claims whose figure 1 has a picture and figure 2 only its description. */
const draftWithFigureWithoutPicture = (who: Who) => draftOf(testApp, who, claims);

describe('the draft of a creation result', () => {
  const attach = (who: Who, fields: { prefabId: string; version: number; drawingId: string }, file: Buffer, name: string) =>
    request(testApp.app)
      .post('/api/patent-creation-support/drawings/attach')
      .set('Cookie', who.cookie)
      .set('x-csrf-token', who.csrf)
      .field('prefabId', fields.prefabId)
      .field('version', String(fields.version))
      .field('drawingId', fields.drawingId)
      .attach('picture', file, name);
  const resultOf = async (creationId: string, who: Who = owner, version?: number) =>
    (await get(`/api/patent-creation-support/result?id=${creationId}${version ? `&version=${version}` : ''}`, who).expect(200)).body;

  test('figure 2 without a picture takes one in place: same number and description, shown, exported, a new version', async () => {
    const { creationId, prefabId, figures } = await draftWithFigureWithoutPicture(owner);
    expect(figures.map((figure) => figure.withoutPicture ?? false)).toEqual([false, true]);
    expect(await imagesInWord(`/patent-creation-support/export.docx?id=${creationId}&format=jpo`)).toBe(1);

    const { body } = await attach(owner, { prefabId, version: 1, drawingId: figures[1]!.id }, png(90, 60), '制御部.png').expect(200);
    expect(body).toMatchObject({ version: 2, drawing: { fileName: '制御部.png', mimeType: 'image/png', width: 90, height: 60, description: figures[1]!.description } });
    expect(body.drawing.withoutPicture).toBeUndefined();

    const after = await resultOf(creationId);
    expect(after.version).toBe(2);
    expect(after.result.images.map((figure: Figure) => [figure.fileName, figure.withoutPicture ?? false, figure.description])).toEqual([
      ['fig1.png', false, figures[0]!.description],
      ['制御部.png', false, figures[1]!.description],
    ]);
    const picture = await get(`/patent-creation-support/drawing?id=${after.result.images[1].id}`).expect(200);
    expect(picture.headers['content-type']).toMatch(/image\/png/);
    expect(await imagesInWord(`/patent-creation-support/export.docx?id=${creationId}&format=jpo`)).toBe(2);
    // Version 1 is kept as it was; the figure, pictured now, takes no second picture.
    expect((await resultOf(creationId, owner, 1)).result.images[1].withoutPicture).toBe(true);
    expect((await attach(owner, { prefabId, version: 2, drawingId: after.result.images[1].id }, png(), 'again.png').expect(400)).body).toMatchObject({ errcode: 'E102', field: 'drawings' });
  });

  test('a file that is not an image, too large, stale, unprotected or for another user’s draft is refused and nothing changes', async () => {
    const mine = await draftWithFigureWithoutPicture(owner);
    const theirs = await draftWithFigureWithoutPicture(english);
    const stored = { owner: await pictures(owner), english: await pictures(english), stranger: await pictures(stranger) };
    const target = { prefabId: mine.prefabId, version: 1, drawingId: mine.figures[1]!.id };

    const ja = await attach(owner, target, Buffer.from('%PDF-1.4 これは図面ではない'), 'block.png').expect(400);
    expect(ja.body).toMatchObject({ errcode: 'E052', field: 'drawings', detail: NOT_IMAGE.ja });
    const en = await attach(english, { prefabId: theirs.prefabId, version: 1, drawingId: theirs.figures[1]!.id }, Buffer.from('%PDF-1.4 not a drawing'), 'block.png').expect(400);
    expect(en.body).toMatchObject({ errcode: 'E052', field: 'drawings', detail: NOT_IMAGE.en });
    const large = await attach(owner, target, Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]), 'big.png');
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ errcode: 'E054', field: 'drawings' });
    expect((await attach(owner, { ...target, version: 0 }, png(), 'fig2.png').expect(409)).body.errcode).toBe('E056');
    // Another user's draft reads as no such specification, whoever's figure id is sent.
    const foreign = await attach(stranger, target, png(), 'fig2.png').expect(404);
    expect(foreign.body).toMatchObject({ errcode: 'E414', detail: '指定された明細書は見つかりません。履歴から開き直してください。' });
    const forged = await request(testApp.app).post('/api/patent-creation-support/drawings/attach').set('Cookie', owner.cookie).field('prefabId', target.prefabId).field('version', '1').field('drawingId', target.drawingId).attach('picture', png(), 'fig2.png');
    expect(forged.status).toBe(403);

    for (const [draft, who] of [[mine, owner], [theirs, english]] as const) {
      const still = await resultOf(draft.creationId, who);
      expect(still.version).toBe(1);
      expect(still.result.images).toEqual(draft.figures);
    }
    expect({ owner: await pictures(owner), english: await pictures(english), stranger: await pictures(stranger) }).toEqual(stored);
  });
});

describe('the document editor', () => {
  const attach = (who: Who, fields: { id: string; version: number; drawingId: string }, file: Buffer, name: string) =>
    request(testApp.app)
      .post('/api/patent-document-edit/drawings/attach')
      .set('Cookie', who.cookie)
      .set('x-csrf-token', who.csrf)
      .field('id', fields.id)
      .field('version', String(fields.version))
      .field('drawingId', fields.drawingId)
      .attach('picture', file, name);
  const documentOf = async (id: string, who: Who = owner) => (await get(`/api/patent-document-edit/document?id=${id}`, who).expect(200)).body;

  /** The draft's Word file opened in the editor: figure 2 is described in 【図面の簡単な説明】 but the file has no picture of it. */
  async function importedWord(who: Who): Promise<{ id: string; figures: Figure[]; draft: Figure[] }> {
    const { creationId, figures: draft } = await draftWithFigureWithoutPicture(who);
    const opened = await openDraftWord(testApp, who, creationId);
    expect(opened.notices).toEqual([expect.objectContaining({ key: 'notice.importDrawingsMissing', values: expect.objectContaining({ figures: '2' }) })]);
    return { id: opened.id, figures: (await documentOf(opened.id, who)).drawings, draft };
  }

  test('a Word file’s figure described without a picture is kept in its place and takes a picture there', async () => {
    const { id, figures, draft } = await importedWord(owner);
    expect(figures.map((figure) => [figure.withoutPicture ?? false, figure.description])).toEqual([
      [false, draft[0]!.description],
      [true, draft[1]!.description],
    ]);

    const { body } = await attach(owner, { id, version: 1, drawingId: figures[1]!.id }, png(120, 80), '図2.png').expect(200);
    expect(body).toMatchObject({ version: 2, drawing: { fileName: '図2.png', width: 120, height: 80, description: draft[1]!.description } });
    const after = await documentOf(id);
    expect(after.version).toBe(2);
    expect(after.drawings.map((figure: Figure) => [figure.width, figure.withoutPicture ?? false, figure.description])).toEqual([
      [40, false, draft[0]!.description],
      [120, false, draft[1]!.description],
    ]);
    await get(`/patent-creation-support/drawing?id=${after.drawings[1].id}`).expect(200);
    expect(await imagesInWord(`/patent-document-edit/export.docx?id=${id}&format=jpo`)).toBe(2);
    const html = await get(`/patent-document-edit/export.html?id=${id}&format=us`).expect(200);
    expect(html.text.match(/<img src="data:image\/png;base64,/g)).toHaveLength(2);
    // Undo takes the picture back out of the document (the figure without one again), as for any edit.
    await request(testApp.app).post('/api/patent-document-edit/undo').set('Cookie', owner.cookie).set('x-csrf-token', owner.csrf).send({ id, version: 2 }).expect(200);
    expect((await documentOf(id)).drawings[1].withoutPicture).toBe(true);
  });

  test('a draft opened in the editor keeps its figure without a picture, which takes one there', async () => {
    const { creationId, figures } = await draftWithFigureWithoutPicture(owner);
    const { body: opened } = await request(testApp.app).post('/api/patent-document-edit/open').set('Cookie', owner.cookie).set('x-csrf-token', owner.csrf).send({ creationId }).expect(201);
    const copy = (await documentOf(opened.id)).drawings as Figure[];
    expect(copy.map((figure) => [figure.withoutPicture ?? false, figure.description])).toEqual(figures.map((figure) => [figure.withoutPicture ?? false, figure.description]));
    await attach(owner, { id: opened.id, version: 1, drawingId: copy[1]!.id }, png(50, 50), 'fig2.png').expect(200);
    expect((await documentOf(opened.id)).drawings.map((figure: Figure) => figure.withoutPicture ?? false)).toEqual([false, false]);
  });

  test('a file that is not an image, too large, or for another user’s document is refused in the user’s language and nothing changes', async () => {
    const mine = await importedWord(owner);
    const theirs = await importedWord(english);
    const stored = { owner: await pictures(owner), english: await pictures(english), stranger: await pictures(stranger) };
    const target = { id: mine.id, version: 1, drawingId: mine.figures[1]!.id };

    // The editor's code for a file of the wrong format (E102), with the drawings' message.
    const ja = await attach(owner, target, Buffer.from('%PDF-1.4 これは図面ではない'), 'block.png').expect(400);
    expect(ja.body).toMatchObject({ errcode: 'E102', field: 'drawings', detail: NOT_IMAGE.ja });
    const en = await attach(english, { id: theirs.id, version: 1, drawingId: theirs.figures[1]!.id }, Buffer.from('%PDF-1.4 not a drawing'), 'block.png').expect(400);
    expect(en.body).toMatchObject({ errcode: 'E102', field: 'drawings', detail: NOT_IMAGE.en });
    const large = await attach(owner, target, Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]), 'big.png');
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ errcode: 'E054', field: 'drawings' });
    // Two files for one figure, or none: malformed.
    const two = await attach(owner, target, png(), 'a.png').attach('picture', png(), 'b.png').expect(400);
    expect(two.body).toMatchObject({ errcode: 'E102', field: 'drawings' });
    const none = await request(testApp.app).post('/api/patent-document-edit/drawings/attach').set('Cookie', owner.cookie).set('x-csrf-token', owner.csrf).field('id', target.id).field('version', '1').field('drawingId', target.drawingId).expect(400);
    expect(none.body).toMatchObject({ errcode: 'E101', field: 'drawings' });
    const foreign = await attach(stranger, target, png(), 'fig2.png').expect(404);
    expect(foreign.body.errcode).toBe('E414');
    const enForeign = await attach(english, target, png(), 'fig2.png').expect(404);
    expect(enForeign.body).toMatchObject({ errcode: 'E414', detail: 'That specification was not found. Open it again from the history.' });

    for (const [document, who] of [[mine, owner], [theirs, english]] as const) {
      const still = await documentOf(document.id, who);
      expect(still.version).toBe(1);
      expect(still.drawings).toEqual(document.figures);
    }
    expect({ owner: await pictures(owner), english: await pictures(english), stranger: await pictures(stranger) }).toEqual(stored);
  });
});
