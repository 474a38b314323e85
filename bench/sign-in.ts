// bench/sign-in: how long the sign-in steps take on this machine, one at a time and
// under concurrent load — password check (argon2id), second-factor check, and the
// account call — against the real server process.
//
//   npm run bench:sign-in        (ACCOUNTS=40 CONCURRENCY=8 to change the load)
import http from 'node:http';
import os from 'node:os';
import { generate } from 'otplib';
import pg from 'pg';
import { hashPassword } from '../src/platform/passwords.ts';
import { percentiles, prepareDatabase, send, startServer, type BenchServer } from './lib/server.ts';

const ACCOUNTS = Number(process.env.ACCOUNTS ?? 40);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const PASSWORD = 'Bench#pass1!';

/** A browser's cookie jar for one host, enough for session and CSRF cookies. */
class Browser {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(
    private readonly server: BenchServer,
    private readonly agent = new http.Agent({ keepAlive: true }),
  ) {}
  private remember(headers: http.IncomingHttpHeaders) {
    for (const line of headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (value) this.cookies.set(name!, value);
      else this.cookies.delete(name!);
    }
    const fresh = headers['x-csrf-token'];
    if (typeof fresh === 'string') this.csrf = fresh;
  }
  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async page(path: string) {
    const response = await send(this.agent, this.server.port, { path, headers: { cookie: this.cookieHeader() } });
    this.remember(response.headers);
    this.csrf = /name="csrf-token" content="([^"]+)"/.exec(response.body.toString())?.[1] ?? this.csrf;
    return response;
  }
  async post(path: string, body: object) {
    const response = await send(this.agent, this.server.port, {
      method: 'POST',
      path,
      body: JSON.stringify(body),
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/json', 'x-csrf-token': this.csrf },
    });
    this.remember(response.headers);
    return { status: response.status, json: JSON.parse(response.body.toString() || '{}') };
  }
  close() {
    this.agent.destroy();
  }
}

async function seedAccounts(url: string) {
  const client = new pg.Client(url);
  await client.connect();
  const { rows } = await client.query("SELECT company_id FROM users WHERE role = 'auth_user' LIMIT 1");
  const hash = await hashPassword(PASSWORD);
  const accounts: Array<{ id: string; email: string; secret: string }> = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const secret = (await import('otplib')).generateSecret();
    const email = `bench-${i}-${Date.now()}@example.jp`;
    const inserted = await client.query(
      "INSERT INTO users (company_id, email, name, password_hash, role, mfa_enabled, mfa_registered, mfa_secret) VALUES ($1, $2, 'ベンチ 利用者', $3, 'auth_user', true, true, $4) RETURNING id",
      [rows[0].company_id, email, hash, secret],
    );
    accounts.push({ id: inserted.rows[0].id, email, secret });
  }
  await client.query('UPDATE companies SET user_limit = NULL');
  await client.end();
  return accounts;
}

interface Timing {
  password: number;
  code: number;
  account: number;
}

async function signIn(server: BenchServer, account: { email: string; secret: string }): Promise<Timing> {
  const browser = new Browser(server);
  try {
    await browser.page('/login');
    let started = performance.now();
    const login = await browser.post('/api/login', { email: account.email, password: PASSWORD });
    const password = performance.now() - started;
    if (login.status !== 200) throw new Error(`login ${login.status} ${JSON.stringify(login.json)}`);
    started = performance.now();
    const info = await browser.post('/api/account', {});
    const accountTime = performance.now() - started;
    if (info.status !== 200) throw new Error(`account ${info.status}`);
    started = performance.now();
    const validate = await browser.post('/api/2fa/validate', { authcode: await generate({ secret: account.secret }) });
    const code = performance.now() - started;
    if (!validate.json.validate) throw new Error(`validate ${JSON.stringify(validate.json)}`);
    return { password, code, account: accountTime };
  } finally {
    browser.close();
  }
}

/**
 * The reset request for an address with an account and for one without, interleaved: the two
 * must not be told apart by their timing (the request only queues the mail task).
 */
async function resetTimings(server: BenchServer, existing: string[], rounds: number) {
  const browser = new Browser(server);
  const known: number[] = [];
  const unknown: number[] = [];
  try {
    await browser.page('/forgetpassword');
    for (let i = 0; i < rounds; i++) {
      for (const [email, into] of [
        [existing[i % existing.length]!, known],
        [`nobody-${i}-${Date.now()}@example.jp`, unknown],
      ] as const) {
        const started = performance.now();
        const answer = await browser.post('/api/forgetpassword', { email });
        into.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`reset ${answer.status} ${JSON.stringify(answer.json)}`);
      }
    }
  } finally {
    browser.close();
  }
  return { known: percentiles(known), unknown: percentiles(unknown) };
}

function row(label: string, timings: Timing[], seconds: number) {
  const table: Record<string, string | number> = { run: label, 'sign-ins': timings.length, 'sign-ins/s': (timings.length / seconds).toFixed(1) };
  for (const step of ['password', 'code', 'account'] as const) {
    const { p50, p95 } = percentiles(timings.map((t) => t[step]));
    table[`${step} p50 ms`] = p50.toFixed(1);
    table[`${step} p95 ms`] = p95.toFixed(1);
  }
  return table;
}

async function main() {
  const database = await prepareDatabase();
  // Rate limits are part of the product, but this measures the work behind them.
  const server = await startServer({ ...database.environment, RATE_LIMIT_FACTOR: '1000' });
  try {
    const accounts = await seedAccounts(database.url());
    console.log(`bench/sign-in — ${os.cpus().length} cores, ${database.label}, ${ACCOUNTS} accounts with a registered second factor\n`);
    const half = Math.floor(accounts.length / 2);
    let started = performance.now();
    const sequential: Timing[] = [];
    for (const account of accounts.slice(0, half)) sequential.push(await signIn(server, account));
    const sequentialSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const concurrent: Timing[] = [];
    const queue = accounts.slice(half);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) concurrent.push(await signIn(server, next));
      }),
    );
    const concurrentSeconds = (performance.now() - started) / 1000;
    console.table([row('one at a time', sequential, sequentialSeconds), row(`${CONCURRENCY} at once`, concurrent, concurrentSeconds)]);
    console.log('The password step is argon2id (19 MiB, t=2) by design: it bounds how fast anyone can guess passwords.');

    const reset = await resetTimings(server, accounts.map((a) => a.email), 100);
    console.log('\npassword-reset request, 100 each, interleaved:');
    console.table([
      { address: 'with an account', 'p50 ms': reset.known.p50.toFixed(1), 'p95 ms': reset.known.p95.toFixed(1) },
      { address: 'without an account', 'p50 ms': reset.unknown.p50.toFixed(1), 'p95 ms': reset.unknown.p95.toFixed(1) },
    ]);
    const gap = Math.abs(reset.known.p50 - reset.unknown.p50);
    console.log(`goal: no timing difference that tells the two apart (p50 gap ${gap.toFixed(2)} ms; before: ~22 ms vs ~12 ms): ${gap < 1 ? 'met' : 'NOT met'}`);
  } finally {
    await server.stop();
    await database.cleanup();
  }
}

await main();
