// Creation-support drafts for the tests of figures without a picture (画像なし): demo-corpus
// claims in the database, users who may ask for drafts, and a finished draft whose figure 2 is
// described but has no picture (its Word file, too, as the document editor opens it).
import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createAccount, sessionCookieFor, type TestApp } from './app.ts';
import { csrfFor } from './auth.ts';
import { binary } from './binary.ts';
import { cutCorpus } from './corpus.ts';
import { png } from './pages.ts';

/** A user of creation support: the session cookie (for a browser) and, for the API, a cookie with its CSRF token. */
export interface Drafter {
  id: string;
  session: string;
  cookie: string;
  csrf: string;
}

export interface DraftFigure {
  id: string;
  fileName: string;
  width: number;
  height: number;
  description: string;
  withoutPicture?: true;
}

/** Three Japanese demo-corpus patents with three claims or more, ingested; the first one's first three claims. */
export async function ingestDemoClaims(testApp: TestApp): Promise<string[]> {
  const jp = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 3, (record) => record.region === 'jp' && Array.isArray(record.claims) && record.claims.length >= 3);
  await ingestFiles(testApp.runtime.db, [jp], { index: indexPatent });
  return (JSON.parse((await readFile(jp, 'utf8')).trim().split('\n')[0]!) as { claims: string[] }).claims.slice(0, 3);
}

/** A signed-in user with simple search and creation support, in `lang`. */
export async function drafter(testApp: TestApp, lang: 'ja' | 'en'): Promise<Drafter> {
  const account = await createAccount(testApp, { languageCD: lang === 'ja' ? 'lang_ja' : 'lang_en', features: { simple: true, patent_creation_support: true } });
  const session = await sessionCookieFor(testApp, { userId: account.id });
  const { token, cookie } = await csrfFor(testApp, session);
  return { id: account.id, session, cookie, csrf: token };
}

/** The result of a creation once it has finished (status 1); any other end fails the test. */
export async function finishedCreation(testApp: TestApp, who: Pick<Drafter, 'cookie'>, creationId: string): Promise<{ prefabId: string; version: number; result: { images: DraftFigure[] } }> {
  const get = (path: string) => request(testApp.app).get(path).set('Cookie', who.cookie).expect(200);
  for (let i = 0; i < 600; i++) {
    const { body: status } = await get(`/api/patent-creation-support/status?id=${creationId}`);
    if (status.status !== 0) {
      expect(status.status).toBe(1);
      return (await get(`/api/patent-creation-support/result?id=${creationId}`)).body;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`creation ${creationId} did not finish`);
}

/** A finished draft of `claims` whose figure 1 has a picture (40×30) and figure 2 only its description. */
export async function draftWithFigureWithoutPicture(testApp: TestApp, who: Drafter, claims: string[]): Promise<{ creationId: string; prefabId: string; figures: DraftFigure[] }> {
  const { body } = await request(testApp.app)
    .post('/api/patent-creation-support/create')
    .set('Cookie', who.cookie)
    .set('x-csrf-token', who.csrf)
    .field('request', JSON.stringify({ lang: 'jp', claims, drawingCaptions: ['本実施形態に係る装置の断面図', '制御部のブロック図'] }))
    .attach('drawings', png(40, 30), 'fig1.png')
    .expect(202);
  const made = await finishedCreation(testApp, who, body.id);
  return { creationId: body.id, prefabId: made.prefabId, figures: made.result.images };
}

/** The draft's Word file (JPO format) opened in the document editor; figure 2 comes without a picture. */
export async function openDraftWord(testApp: TestApp, who: Drafter, creationId: string): Promise<{ id: string; notices: unknown[] }> {
  const word = await request(testApp.app).get(`/patent-creation-support/export.docx?id=${creationId}&format=jpo`).set('Cookie', who.cookie).buffer(true).parse(binary).expect(200);
  const { body } = await request(testApp.app).post('/api/patent-document-edit/open').set('Cookie', who.cookie).set('x-csrf-token', who.csrf).attach('file', word.body as Buffer, '明細書.docx').expect(201);
  return body;
}
