// Screenshots of signed-in pages for looking at what was built, against a database that
// already holds patents (e.g. one filled with `npm run ingest`):
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hatsumei_dev \
//     npx tsx test/tools/screenshots.ts --out /tmp/shots --wait '.patent-map svg' '/search?q=neural&region=us&view=map'
//
// Each path is shot in Japanese and English (--lang ja,en) as <out>/<n>-<lang>.png, full page
// unless --height is given.
// A user account `screenshots@hatsumei.example` is created in that database when missing.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sign } from 'cookie-signature';
import { chromiumPath, launchChromium, listen } from '../helpers/browser.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { startRuntime } from '../../src/platform/runtime.ts';
import { SESSION_COOKIE } from '../../src/platform/sessions.ts';
import { insertCompany, insertUser, updateAccountSettings } from '../../src/users/repository.ts';
import { findCredentialsByEmail } from '../../src/auth/repository.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return value ?? fallback;
};
const out = option('out', '/tmp/shots');
const wait = option('wait', '');
const languages = option('lang', 'ja,en').split(',');
const width = Number(option('width', '1280'));
/** --height 1000 shoots that much of the page instead of all of it. */
const height = Number(option('height', '0'));
const paths = args;

const SECRET = 'screenshots-session-secret-long-enough-0123456789';
const EMAIL = 'screenshots@hatsumei.example';

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a database with patents in it');
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', ROLE: 'web', LOG_LEVEL: 'warn', SESSION_SECRET: SECRET, REDIS_URL: undefined });
  const runtime = await startRuntime(config, createLogger('warn'));
  const db = runtime.db;
  let userId = (await findCredentialsByEmail(db, EMAIL))?.id;
  if (!userId) {
    const companyId = await insertCompany(db, { code: `SHOTS${Date.now()}`, name: 'スクリーンショット特許事務所' });
    userId = await insertUser(db, { companyId, email: EMAIL, name: '見本 花子', passwordHash: await hashPassword(randomBytes(12).toString('hex')), role: 'auth_user' });
  }
  const { server, baseUrl } = await listen(runtime.app!);
  const executable = chromiumPath();
  if (!executable) throw new Error('Chromium not found');
  const browser = await launchChromium(executable);
  mkdirSync(out, { recursive: true });
  try {
    for (const lang of languages) {
      const sid = randomBytes(24).toString('base64url');
      const maxAge = config.sessionIdleMs;
      await updateAccountSettings(db, userId, { name: '見本 花子', languageCD: lang === 'en' ? 'lang_en' : 'lang_ja', profileImage: null });
      const session = { cookie: { originalMaxAge: maxAge, expires: new Date(Date.now() + maxAge).toISOString(), httpOnly: true, path: '/' }, userId, userSecondFactorPassed: true };
      await new Promise<void>((resolve, reject) => runtime.sessions!.store.set(sid, session as never, (error) => (error ? reject(error) : resolve())));
      const context = await browser.newContext({ viewport: { width, height: height || 900 }, locale: lang === 'en' ? 'en-US' : 'ja-JP' });
      await context.addCookies([{ name: SESSION_COOKIE, value: encodeURIComponent(`s:${sign(sid, SECRET)}`), url: baseUrl }]);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      for (const [index, address] of paths.entries()) {
        await page.goto(baseUrl + address, { waitUntil: 'networkidle' });
        if (wait) await page.waitForSelector(wait, { timeout: 30_000 }).catch(() => console.error(`${address}: ${wait} did not appear`));
        await page.waitForTimeout(300);
        const file = path.join(out, `${index + 1}-${lang}.png`);
        await page.screenshot({ path: file, fullPage: !height });
        console.log(`${file}  ${address}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
    await runtime.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
