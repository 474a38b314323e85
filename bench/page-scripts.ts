// bench/page-scripts: the gzip KB of JavaScript every server-rendered page ships, for every page
// that hydrates islands — not only the pages bench/pages loads — and the verdict against the
// budget of 80 KB per page (the performance issue).
//
//   npx tsx bench/page-scripts.ts          (builds the client bundle first when its sources changed)
//
// A page is a view under views/ that no other view imports; its islands are those its file and
// the views it imports mount (<Island name="…">), whether or not a given request shows them (the
// budget holds for the fullest page), plus its layout's (Header and GlobalDialogs for every page:
// the default layout's, the largest). The scripts are those the server links for these islands
// (src/platform/assets.ts on the Vite manifest: the entry and every chunk it preloads); a chunk
// fetched later by a dynamic import (a part loaded on demand) is not counted, as a browser does
// not fetch it with the page.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { clientBuildDir, manifestAssets } from '../src/platform/assets.ts';
import { root } from './lib/server.ts';

const BUDGET_KB = 80;
const LAYOUT_ISLANDS = ['Header', 'GlobalDialogs'];
const viewsDir = path.join(root, 'views');

function* viewFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* viewFiles(full);
    else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

/** Each view's islands and the views it imports. */
const views = new Map<string, { islands: Set<string>; imports: string[] }>();
for (const file of viewFiles(viewsDir)) {
  const source = readFileSync(file, 'utf8');
  const islands = new Set([...source.matchAll(/<Island\s+name="(\w+)"/g)].map((m) => m[1]!));
  const imports = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map((m) => path.resolve(path.dirname(file), m[1]!))
    .filter((target) => target.startsWith(viewsDir));
  views.set(file, { islands, imports });
}

const islandsOf = (file: string, seen = new Set<string>()): Set<string> => {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const view = views.get(file);
  if (!view) return found;
  for (const name of view.islands) found.add(name);
  for (const target of view.imports) for (const name of islandsOf(target, seen)) found.add(name);
  return found;
};

const imported = new Set([...views.values()].flatMap((view) => view.imports));
const layoutsDir = path.join(viewsDir, 'layouts');
const pages = [...views.keys()]
  .filter((file) => !imported.has(file) && !file.startsWith(layoutsDir))
  .map((file) => ({ file, islands: islandsOf(file) }))
  .filter((page) => page.islands.size > 0)
  .sort((a, b) => a.file.localeCompare(b.file));

const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-client.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const assets = manifestAssets();

const gzipKb = new Map<string, number>();
const kbOf = (url: string) => {
  let kb = gzipKb.get(url);
  if (kb === undefined) {
    const body = readFileSync(path.join(clientBuildDir, url.replace(/^\//, '')));
    kb = gzipSync(body).length / 1024;
    gzipKb.set(url, kb);
  }
  return kb;
};

const rows = pages.map((page) => {
  const islands = [...LAYOUT_ISLANDS, ...page.islands];
  const links = assets.linksFor(islands);
  // The entry can be among the preloads too (an island importing a module of the entry's chunk): counted once, as a browser fetches it once.
  const scripts = new Set([links.entryScript, ...[...links.head.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!)]);
  const js = [...scripts].reduce((sum, url) => sum + kbOf(url), 0);
  return { page: path.relative(root, page.file), islands: [...page.islands].join(', '), files: scripts.size, 'JS gzip KB': js.toFixed(1), budget: js <= BUDGET_KB ? 'within' : 'OVER' };
});

console.log(`bench/page-scripts — JavaScript each page links (entry + preloaded chunks, gzip), with its layout's ${LAYOUT_ISLANDS.join(' and ')}\n`);
console.table(rows);
const over = rows.filter((row) => row.budget === 'OVER');
console.log(`goal ≤ ${BUDGET_KB} KB gzip JS per page, ${rows.length} pages: ${over.length === 0 ? 'met' : `NOT met (${over.map((row) => `${row.page} ${row['JS gzip KB']} KB`).join('; ')})`}`);
if (over.length > 0) process.exitCode = 1;
