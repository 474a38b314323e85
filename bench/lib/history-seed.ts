// The demo user's history as a working attorney's looks: a full first page (20 entries) with
// simulations among them. /history's cost is mostly its entries, and a simulation's stored result
// is the largest (70–80 KB compressed), so a bench on a near-empty history measured little
// (before this, the figure depended on what earlier runs had left in a reused database).
import type http from 'node:http';
import { send } from './server.ts';

const SIMULATIONS = [
  { lang: 'jp', outputType: 0, subjectMatter: 'リチウムイオン二次電池であって、正極と、負極と、前記正極と前記負極との間に配置されたセパレータと、電解液とを備え、前記正極はリチウム含有複合酸化物を含むことを特徴とするリチウムイオン二次電池。' },
  { lang: 'jp', outputType: 1, subjectMatter: '半導体装置であって、基板と、前記基板上に形成されたゲート電極と、前記ゲート電極と前記基板との間の絶縁膜とを有する半導体装置。' },
  { lang: 'us', outputType: 0, subjectMatter: 'A battery comprising: a cathode; an anode; a separator between the cathode and the anode; and an electrolyte, wherein the cathode comprises a lithium metal oxide.' },
];

export interface Signed {
  agent: http.Agent;
  port: number;
  cookie: string;
  /** A CSRF token for writes, with the cookie it belongs to. */
  csrf: () => Promise<{ token: string; cookie: string }>;
}

async function json(signed: Signed, path: string) {
  return JSON.parse((await send(signed.agent, signed.port, { path, headers: { cookie: signed.cookie } })).body.toString());
}

async function simulate(signed: Signed, body: Record<string, unknown>): Promise<void> {
  const { token, cookie } = await signed.csrf();
  const response = await send(signed.agent, signed.port, {
    method: 'POST',
    path: '/api/priorart/simulate',
    body: JSON.stringify({ isAutoElementCutter: true, ...body }),
    headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': token },
  });
  const { id } = JSON.parse(response.body.toString());
  if (!id) throw new Error(`simulation not started: ${response.status} ${response.body.toString()}`);
  for (;;) {
    const status = await json(signed, `/api/priorart/status?id=${id}`);
    if (status.status === 5) return;
    if (status.status > 5) throw new Error(`simulation ended ${status.status} ${status.errcode}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Adds simulations, then other entries (addEntry), until the first page of /history is full. */
export async function fillHistoryPage(signed: Signed, addEntry: () => Promise<unknown>, entries = 20): Promise<number> {
  if ((await json(signed, '/api/history?kind=priorart')).totalCount === 0) for (const body of SIMULATIONS) await simulate(signed, body);
  let total = (await json(signed, '/api/history')).totalCount as number;
  for (; total < entries; total++) await addEntry();
  return total;
}
