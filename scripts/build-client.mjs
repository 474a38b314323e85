// Builds the browser bundle (Vite) unless the bundle in dist/client was built from the same
// sources: `npm start` and `npm test` call it, so a restart does not rebuild an unchanged bundle.
// The key is a hash of everything the bundle can depend on (islands, views, src — islands import
// shared modules from there —, the Vite config and the locked dependencies).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist', 'client');
const stampFile = path.join(outDir, '.build-hash');
const INPUTS = ['islands', 'views', 'src', 'vite.config.ts', 'package.json', 'package-lock.json'];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) return yield entry;
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

const hash = createHash('sha256');
for (const input of INPUTS) for (const file of files(input)) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
const key = hash.digest('hex');

const manifest = path.join(outDir, '.vite', 'manifest.json');
if (process.argv.includes('--force') || !existsSync(manifest) || !existsSync(stampFile) || readFileSync(stampFile, 'utf8').trim() !== key) {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${key}\n`);
}
