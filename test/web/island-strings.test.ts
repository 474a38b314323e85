// A page ships the strings of the islands it shows (islands/strings.ts), so every key an
// island's sources translate must lie in the namespaces declared for it; checked here by
// reading the sources (each island's file and the island modules it imports).
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { projectRoot } from '../../src/platform/config.ts';
import { islandLoaders, type IslandName } from '../../islands/registry.ts';
import { ISLAND_STRINGS } from '../../islands/strings.ts';
import { createAccount, sessionCookieFor, startTestApp, type TestApp } from '../helpers/app.ts';

const islandsDir = path.join(projectRoot, 'islands');

/** Top-level key → namespace, from the Japanese island locale files. */
function namespaceOfPrefix(): Map<string, string> {
  const map = new Map<string, string>();
  for (const file of readdirSync(path.join(projectRoot, 'locales', 'ja')).filter((name) => /^islands.*\.json$/.test(name))) {
    for (const key of Object.keys(JSON.parse(readFileSync(path.join(projectRoot, 'locales', 'ja', file), 'utf8')))) map.set(key, file.replace(/\.json$/, ''));
  }
  return map;
}

/** The island's file and the island modules it imports (statically or not), transitively. */
function sourcesOf(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry) || !existsSync(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  // Static imports and dynamic ones (parts loaded apart, islands/lazy-part.tsx): their strings ship with the page all the same.
  for (const [, relative] of text.matchAll(/(?:from |import\()'(\.{1,2}\/[^']+)'/g)) {
    const target = path.resolve(path.dirname(entry), relative!);
    if (target.startsWith(islandsDir)) sourcesOf(target, seen);
  }
  return seen;
}

test('every key an island translates is in the namespaces declared for it', () => {
  const prefixes = namespaceOfPrefix();
  const problems: string[] = [];
  for (const name of Object.keys(islandLoaders) as IslandName[]) {
    for (const file of sourcesOf(path.join(islandsDir, `${name}.tsx`))) {
      for (const [, prefix] of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"`]([A-Za-z]+)\./g)) {
        const namespace = prefixes.get(prefix!);
        if (!namespace) problems.push(`${name}: ${path.relative(projectRoot, file)} uses "${prefix}", which no islands*.json defines`);
        else if (!ISLAND_STRINGS[name].includes(namespace)) problems.push(`${name}: ${path.relative(projectRoot, file)} uses "${prefix}" from ${namespace}, not declared in islands/strings.ts`);
      }
    }
  }
  expect(problems).toEqual([]);
});

describe('pages ship only their islands\' strings', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const bundleOf = (html: string): Record<string, unknown> => JSON.parse(/<script type="application\/json" id="island-i18n">([^<]*)<\/script>/.exec(html)![1]!);

  test('the sign-in page carries the sign-in strings and none of the formula builder\'s', async () => {
    const bundle = bundleOf((await request(testApp.app).get('/login').expect(200)).text);
    expect(Object.keys(bundle)).toContain('auth');
    expect(Object.keys(bundle)).not.toContain('formulaBuilder');
  });

  test('the detailed-search build page carries the builder\'s strings, besides the header\'s', async () => {
    const cookie = await sessionCookieFor(testApp, { userId: (await createAccount(testApp, { features: { detail: true } })).id });
    const bundle = bundleOf((await request(testApp.app).get('/detail-search/build-query').set('Cookie', cookie).expect(200)).text);
    expect(Object.keys(bundle)).toEqual(expect.arrayContaining(['formulaBuilder', 'formulaTags', 'header', 'contact']));
    expect(Object.keys(bundle)).not.toContain('auth');
  });
});
