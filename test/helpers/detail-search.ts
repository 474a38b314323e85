// A detailed search run as a user runs it: an account with the feature (and its CSRF token), the
// form posted and its job waited for, for tests that then read the result's pages or export.
import request from 'supertest';
import type { DetailSearchInput } from '../../src/detail-search/input.ts';
import { csrfFor } from './auth.ts';
import { createAccount, sessionCookieFor, type TestApp } from './app.ts';

export interface DetailSearcher {
  cookie: string;
  csrf: string;
}

/** A signed-in user with simple and detailed search, in this language. */
export async function detailSearcher(testApp: TestApp, languageCD: 'lang_ja' | 'lang_en' = 'lang_ja'): Promise<DetailSearcher> {
  const sessionCookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { features: { simple: true, detail: true }, languageCD })).id });
  const { token, cookie } = await csrfFor(testApp, sessionCookie);
  return { cookie, csrf: token };
}

/** Posts the form and waits for its search job to end; the stored search's id. */
export async function finishedDetailSearch(testApp: TestApp, who: DetailSearcher, input: DetailSearchInput): Promise<string> {
  const { body } = await request(testApp.app).post('/api/detail-search/search').set('Cookie', who.cookie).set('x-csrf-token', who.csrf).send(input).expect(202);
  for (let i = 0; i < 200; i++) {
    const status = await request(testApp.app).get(`/api/detail-search/status?id=${body.id}`).set('Cookie', who.cookie).expect(200);
    if (status.body.status !== 0) return body.id as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`search ${body.id} did not finish`);
}
