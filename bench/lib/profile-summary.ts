// Summarises a V8 .cpuprofile (node --cpu-prof) by where the time went: self time per package
// or project folder, and the top functions. Used to find what a page costs before changing it:
//   npx tsx bench/lib/profile-summary.ts /tmp/prof/CPU.*.cpuprofile
// LAST_S=12 keeps only the profile's last 12 seconds (a bench's measured window, not the
// server's start), BEFORE_LAST_S=12 drops the last 12 (LAST_S=24 BEFORE_LAST_S=12: the page
// measured before the last); the third table is inclusive time (a function with what it calls).
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
  const at = profile.timeDeltas.reduce<number[]>((times, delta, i) => (times.push((times[i - 1] ?? 0) + delta), times), []);
  const from = process.env.LAST_S ? at.at(-1)! - Number(process.env.LAST_S) * 1e6 : -Infinity;
  const to = process.env.BEFORE_LAST_S ? at.at(-1)! - Number(process.env.BEFORE_LAST_S) * 1e6 : Infinity;
  profile.samples.forEach((id, i) => {
    if (at[i]! >= from && at[i]! < to) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
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
  // Inclusive: each sample counts once for every distinct function on its stack.
  const inclusive = new Map<string, number>();
  for (const [id, micros] of self) {
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
      const { callFrame } = byId.get(node)!;
      if (!callFrame.url || callFrame.url.includes('node_modules') || callFrame.url.startsWith('node:')) continue;
      const fn = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^file:\/\/.*?\/(src|views|islands)\//, '$1/')}:${callFrame.lineNumber + 1}`;
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + micros);
    }
  }
  console.table([...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([fn, micros]) => ({ 'project function': fn.slice(0, 110), inclusive: percent(micros) })));
}
