// Debian's Chromium driven by playwright-core. Outside CI a machine without Chromium
// skips the browser tests with a note; in CI its absence is a failure.
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createWebServer } from '../../src/platform/http-server.ts';
import { createLogger } from '../../src/platform/logger.ts';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Browser, BrowserContext, BrowserServer, Download, Page } from 'playwright-core';

/** Loaded when a browser is wanted: the files that only listen() (input-boundary, contact, redis-outage) need none (0.8 s of input-boundary's 59 s in jest, 2026-11-29). */
const playwright = async () => (await import('playwright-core')).chromium;

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean) as string[];

export function chromiumPath(): string | undefined {
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found && process.env.CI) throw new Error('Chromium is required in CI (apt-get install chromium fonts-noto-cjk)');
  if (!found) console.warn('Chromium not found: browser tests are skipped (apt-get install chromium fonts-noto-cjk)');
  return found;
}

const LAUNCH = {
  headless: true,
  // The machine has no outside network: keep Chromium from trying.
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export async function launchChromium(executablePath: string): Promise<Browser> {
  return (await playwright()).launch({ executablePath, ...LAUNCH });
}

/**
 * The run's Chromium, started by global-setup for the browser test files to connect to
 * (TEST_CHROMIUM_WS): launching and closing one per file took 4–8 s of a loaded 2-core machine
 * (2026-11-29: launch 1.9–6.0 s, first page 3–8 s, close 0.8–2.7 s) against 0.2–0.6 s to connect
 * and 3–7 s to the first page. Each page still has its own browser context (newBrowserPage).
 */
export async function launchChromiumServer(executablePath: string): Promise<BrowserServer> {
  return (await playwright()).launchServer({ executablePath, ...LAUNCH });
}

/** The run's Chromium when global-setup started one (its contexts closed with close()), else one of this file's own. */
export async function chromiumForFile(executablePath: string): Promise<Browser> {
  const endpoint = process.env.TEST_CHROMIUM_WS;
  return endpoint ? (await playwright()).connect(endpoint) : launchChromium(executablePath);
}

/** A download saved to a file of its own (a connected browser has no local path for it); the file's path. */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'hatsumei-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** The app behind the HTTP server production uses (src/platform/http-server.ts), on the loopback interface. */
export async function listen(app: Express, port = 0): Promise<{ server: Server; baseUrl: string; close(): Promise<void> }> {
  const { server, listen: start } = createWebServer(app, { logger: createLogger('silent'), lifecycle: { draining: false }, abandon: app.locals.abandon });
  const listening = await start(port, '127.0.0.1');
  return {
    server,
    baseUrl: `http://127.0.0.1:${listening}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface BrowserApp {
  testApp: import('./app.ts').TestApp;
  browser: Browser;
  http: Awaited<ReturnType<typeof listen>>;
}

/** A free port on the loopback interface (for an app whose PUBLIC_URL must name it before it listens). */
export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** A test app listening on a free port (its PUBLIC_URL, so mailed links lead back to it) and a Chromium to drive it; `corpus` as startTestApp's. */
export async function startBrowserApp(executablePath: string, environment: Record<string, string> = {}, options: { corpus?: string[] } = {}): Promise<BrowserApp> {
  const { startTestApp } = await import('./app.ts');
  const port = await freePort();
  const testApp = await startTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...environment }, options);
  const http = await listen(testApp.app, port);
  return { testApp, http, browser: await chromiumForFile(executablePath) };
}

export async function closeBrowserApp(app: Partial<BrowserApp>): Promise<void> {
  await app.browser?.close();
  await app.http?.close();
  await app.testApp?.close();
}

export interface BrowserPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors, for tests to expect none. */
  errors: string[];
}

/**
 * A page in its own browser context, in the language's locale, signed in when given a
 * session cookie ("name=value", as sessionCookieFor returns it).
 */
export async function newBrowserPage(
  browser: Browser,
  baseUrl: string,
  options: { lang?: 'ja' | 'en'; cookie?: string; height?: number; javaScript?: boolean; acceptDownloads?: boolean } = {},
): Promise<BrowserPage> {
  const context = await browser.newContext({
    locale: options.lang === 'en' ? 'en-US' : 'ja-JP',
    viewport: { width: 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScript ?? true,
    acceptDownloads: options.acceptDownloads ?? false,
  });
  if (options.cookie) {
    const [name, ...value] = options.cookie.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { context, page, errors };
}
