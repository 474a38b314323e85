// Summarises a V8 .cpuprofile (node --cpu-prof) by where the time went: self time per package
// or project folder, and the top functions. Used to find what a page costs before changing it:
//   npx tsx bench/lib/profile-summary.ts /tmp/prof/CPU.*.cpuprofile
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (node_modules/<name>) or project folder a script belongs to. */
function groupOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const project = /\/(src\/[^/]+|views\/[^/]+|islands|bench|test)\//.exec(url);
  return project ? project[1]! : url.replace(/^file:\/\//, '');
}

for (const file of process.argv.slice(2)) {
  const profile: Profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id)!;
    const group = groupOf(callFrame.url, callFrame.functionName);
    groups.set(group, (groups.get(group) ?? 0) + micros);
    const fn = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|views|islands)\//, '$1/')}:${callFrame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + micros);
  }
  const percent = (micros: number) => `${((100 * micros) / total).toFixed(1)} %`;
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  console.table([...groups].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([group, micros]) => ({ group, self: percent(micros) })));
  console.table([...functions].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([fn, micros]) => ({ function: fn.slice(0, 110), self: percent(micros) })));
}
