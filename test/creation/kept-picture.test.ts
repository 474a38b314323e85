// A figure kept without a picture (described, no file) given its picture in place when the entry
// is created again: the same upload path and checks as any drawing (type by content, size,
// CSRF), its caption and place kept; afterwards it is a figure like the others, also when the
// entry is created again once more. A refused picture stores nothing and loses nothing. A picture
// given later in the draft editor comes back with the reopened form too, and is sent again.
import request from 'supertest';
import { requestOf, type CreationFormInput } from '../../islands/creation-form/model.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { drafter, finishedCreation, ingestDemoClaims, type Drafter as Who, type DraftFigure as Image } from '../helpers/drafts.ts';
import { islandProps, png } from '../helpers/pages.ts';

let testApp: TestApp;
let owner: Who;
let english: Who;
let claims: string[];

beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'all' });
  claims = await ingestDemoClaims(testApp);
  owner = await drafter(testApp, 'ja');
  english = await drafter(testApp, 'en');
}, 180_000);
afterAll(() => testApp.close());

const get = (path: string, who: Who = owner) => request(testApp.app).get(path).set('Cookie', who.cookie);
const form = (who: Who = owner) => request(testApp.app).post('/api/patent-creation-support/create').set('Cookie', who.cookie).set('x-csrf-token', who.csrf);
const history = async () => (await get('/api/history?kind=patent_creation_support').expect(200)).body.totalCount as number;

const imagesOf = async (id: string): Promise<Image[]> => (await finishedCreation(testApp, owner, id)).result.images;

test('a figure kept without a picture takes one in its place, keeps its caption, and is a figure like the others afterwards', async () => {
  // Figure 2 described without a file, as an entry reopened from history keeps it.
  const { body: first } = await form()
    .field('request', JSON.stringify({ lang: 'jp', claims, drawingCaptions: ['本実施形態に係る装置の断面図', '制御部のブロック図', '電池パックの斜視図'] }))
    .attach('drawings', png(40, 30), 'fig1.png')
    .expect(202);
  const before = await imagesOf(first.id);
  expect(before.map((image) => image.withoutPicture ?? false)).toEqual([false, true, true]);

  // Created again with a picture for figure 2 only; figure 3 stays without one, figure 1 is copied.
  const kept = [
    { id: before[0]!.id, caption: '本実施形態に係る装置の断面図' },
    { id: before[1]!.id, caption: '制御部のブロック図', attached: true },
    { id: before[2]!.id, caption: '電池パックの斜視図', withoutPicture: true },
  ];
  const { body: second } = await form().field('request', JSON.stringify({ lang: 'jp', claims, keptDrawings: kept })).attach('keptPictures', png(50, 20), '制御部.png').expect(202);
  const after = await imagesOf(second.id);
  expect(after.map((image) => [image.fileName, image.withoutPicture ?? false, image.description])).toEqual([
    ['fig1.png', false, '本実施形態に係る装置の断面図である。'],
    ['制御部.png', false, '制御部のブロック図である。'],
    ['', true, '電池パックの斜視図である。'],
  ]);
  expect(after[1]).toMatchObject({ width: 50, height: 20 });
  const picture = await get(`/patent-creation-support/drawing?id=${after[1]!.id}`).expect(200);
  expect(picture.headers['content-type']).toMatch(/image\/png/);

  // Once more from that entry: the attached figure is now kept like any pictured one (its file copied).
  const again = after.map((image) => ({ id: image.id, caption: image.description.replace(/である。$/, ''), ...(image.withoutPicture && { withoutPicture: true }) }));
  const { body: third } = await form().field('request', JSON.stringify({ lang: 'jp', claims, keptDrawings: again })).expect(202);
  const last = await imagesOf(third.id);
  expect(last.map((image) => [image.fileName, image.withoutPicture ?? false])).toEqual([
    ['fig1.png', false],
    ['制御部.png', false],
    ['', true],
  ]);
  await get(`/patent-creation-support/drawing?id=${last[1]!.id}`).expect(200);
});

test('a picture that is not an image, too large, or without its figure is refused in the user’s language, and nothing is stored or lost', async () => {
  const { body: first } = await form()
    .field('request', JSON.stringify({ lang: 'jp', claims, drawingCaptions: ['断面図', '制御部のブロック図'] }))
    .attach('drawings', png(40, 30), 'fig1.png')
    .expect(202);
  const before = await imagesOf(first.id);
  const kept = [
    { id: before[0]!.id, caption: '断面図' },
    { id: before[1]!.id, caption: '制御部のブロック図', attached: true },
  ];
  const count = await history();
  const send = (who: Who, build: (req: request.Test) => request.Test, keptDrawings: unknown = kept) => build(form(who).field('request', JSON.stringify({ lang: 'jp', claims, keptDrawings })));

  const ja = await send(owner, (req) => req.attach('keptPictures', Buffer.from('%PDF-1.4 これは図面ではない'), 'block.png')).expect(400);
  expect(ja.body).toMatchObject({ errcode: 'E052', field: 'drawings', detail: '図面は PNG・JPEG・GIF の画像だけを添付できます（block.png は画像ではありません）。' });
  const en = await send(english, (req) => req.attach('keptPictures', Buffer.from('%PDF-1.4 not a drawing'), 'block.png')).expect(400);
  expect(en.body).toMatchObject({ errcode: 'E052', field: 'drawings', detail: 'Drawings must be PNG, JPEG or GIF images (block.png is not an image).' });

  const large = await send(owner, (req) => req.attach('keptPictures', Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]), 'big.png'));
  expect(large.status).toBe(413);
  expect(large.body).toMatchObject({ errcode: 'E054', field: 'drawings' });
  // Marked attached but no picture sent, or a picture for no figure: a malformed request.
  expect((await send(owner, (req) => req).expect(400)).body).toMatchObject({ errcode: 'E102', field: 'drawings' });
  expect((await send(owner, (req) => req.attach('keptPictures', png(), 'extra.png'), [kept[0]]).expect(400)).body).toMatchObject({ errcode: 'E102', field: 'drawings' });
  // Without the CSRF token the upload is not taken.
  const forged = await request(testApp.app).post('/api/patent-creation-support/create').set('Cookie', owner.cookie).field('request', JSON.stringify({ lang: 'jp', claims, keptDrawings: kept })).attach('keptPictures', png(), 'fig2.png');
  expect(forged.status).toBe(403);

  // Nothing stored; the entry reopened still has its figure described, ready to take a picture.
  expect(await history()).toBe(count);
  const still = await imagesOf(first.id);
  expect(still).toEqual(before);
  expect(still.map((image) => image.withoutPicture ?? false)).toEqual([false, true]);
  expect(still[1]!.description).toBe('制御部のブロック図である。');
});

test('a picture attached in the draft editor to a figure without one comes back when the entry is reopened, and is sent with the new creation; other draft edits do not', async () => {
  const { body: first } = await form()
    .field('request', JSON.stringify({ lang: 'jp', claims, drawingCaptions: ['本実施形態に係る装置の断面図', '制御部のブロック図', '電池パックの斜視図'] }))
    .attach('drawings', png(40, 30), 'fig1.png')
    .expect(202);
  const made = await imagesOf(first.id);
  const { prefabId } = (await get(`/api/patent-creation-support/result?id=${first.id}`).expect(200)).body;
  // In the draft editor: figure 2 takes its picture, then its description is edited.
  const attached = await request(testApp.app)
    .post('/api/patent-creation-support/drawings/attach')
    .set('Cookie', owner.cookie)
    .set('x-csrf-token', owner.csrf)
    .field('prefabId', prefabId)
    .field('version', '1')
    .field('drawingId', made[1]!.id)
    .attach('picture', png(90, 60), '制御部.png')
    .expect(200);
  await request(testApp.app)
    .post('/api/patent-creation-support/update')
    .set('Cookie', owner.cookie)
    .set('x-csrf-token', owner.csrf)
    .send({ prefabId, version: 2, drawings: [{ id: attached.body.drawing.id, description: '編集後の説明である。' }] })
    .expect(200);

  // "Edit and create again": the form has the picture, the entry's own captions, and figure 3 still without one.
  const page = await get(`/patent-creation-support/create?id=${first.id}`).expect(200);
  const { initial } = islandProps(page.text, 'CreationForm') as { initial: CreationFormInput };
  expect(initial.keptDrawings).toEqual([
    { id: made[0]!.id, fileName: 'fig1.png', caption: '本実施形態に係る装置の断面図' },
    { id: attached.body.drawing.id, fileName: '制御部.png', caption: '制御部のブロック図' },
    { id: made[2]!.id, fileName: '', caption: '電池パックの斜視図', withoutPicture: true },
  ]);

  // Sent as the form sends it: the attached picture is copied into the new entry.
  const { body: second } = await form().field('request', JSON.stringify(requestOf(initial, []))).expect(202);
  const again = await imagesOf(second.id);
  expect(again.map((image) => [image.fileName, image.withoutPicture ?? false, image.description])).toEqual([
    ['fig1.png', false, '本実施形態に係る装置の断面図である。'],
    ['制御部.png', false, '制御部のブロック図である。'],
    ['', true, '電池パックの斜視図である。'],
  ]);
  expect(again[1]).toMatchObject({ width: 90, height: 60 });
  expect((await get(`/patent-creation-support/drawing?id=${again[1]!.id}`).expect(200)).headers['content-type']).toMatch(/image\/png/);

  // Only the owner reopens the entry.
  expect((await get(`/patent-creation-support/create?id=${first.id}`, english).expect(302)).headers.location).toBe('/history');
});
