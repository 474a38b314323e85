// The shipped browser bundle does not depend on the shell that builds it: a NODE_ENV=development
// left in a newcomer's environment must not produce React's development runtime or put this
// machine's file paths into the files every page downloads.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../src/platform/config.ts';

const run = promisify(execFile);

async function build(nodeEnv: string | undefined): Promise<Map<string, string>> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'hatsumei-bundle-'));
  try {
    const env = { ...process.env };
    if (nodeEnv === undefined) delete env.NODE_ENV;
    else env.NODE_ENV = nodeEnv;
    await run(process.execPath, [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir], { cwd: projectRoot, env });
    const files = new Map<string, string>();
    for (const name of await readdir(path.join(outDir, 'assets'))) files.set(name, await readFile(path.join(outDir, 'assets', name), 'utf8'));
    return files;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

test('a build from a shell with NODE_ENV=development is the production bundle, byte for byte', async () => {
  const [plain, fromDevelopmentShell] = await Promise.all([build(undefined), build('development')]);
  expect([...fromDevelopmentShell.keys()].sort()).toEqual([...plain.keys()].sort()); // content-hashed names
  for (const [name, content] of fromDevelopmentShell) {
    expect(content).toBe(plain.get(name));
    expect(content).not.toContain('jsxDEV'); // React's development JSX runtime
    expect(content).not.toContain(projectRoot);
  }
}, 120_000);
