// What the examination-simulation tests share: a signed-in user with or without the priorart
// feature (session cookie and CSRF token), requests as that user, and waiting for a
// simulation to end.
import request from 'supertest';
import { createAccount, sessionCookieFor, type TestApp } from './app.ts';
import { csrfFor } from './auth.ts';

export interface Who {
  id: string;
  cookie: string;
  csrf: string;
}

export async function priorartUser(testApp: TestApp, priorart: boolean, languageCD: 'lang_ja' | 'lang_en' = 'lang_ja'): Promise<Who> {
  const account = await createAccount(testApp, { languageCD, features: { simple: true, priorart } });
  const cookie = await sessionCookieFor(testApp, { userId: account.id });
  const { token, cookie: withCsrf } = await csrfFor(testApp, cookie);
  return { id: account.id, cookie: withCsrf, csrf: token };
}

export const postAs = (testApp: TestApp, path: string, body: unknown, who: Who) =>
  request(testApp.app).post(path).set('Cookie', who.cookie).set('x-csrf-token', who.csrf).send(body as object);
export const getAs = (testApp: TestApp, path: string, who: { cookie: string }) => request(testApp.app).get(path).set('Cookie', who.cookie);

/** The simulation's status once it has ended (success, failure or cancel). */
export async function simulationEnd(testApp: TestApp, id: string, who: { cookie: string }): Promise<{ status: number; errcode: string | null; ipc: unknown }> {
  for (let i = 0; i < 600; i++) {
    const { body } = await getAs(testApp, `/api/priorart/status?id=${id}`, who).expect(200);
    if (body.status >= 5) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`simulation ${id} did not finish`);
}
