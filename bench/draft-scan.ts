// The drafter without GPT over the whole corpus, read as an attorney would: the draft of each
// gazette in jp-fulltext.jsonl.gz (281) and of each US utility record in us.jsonl.gz (228; design
// patents claim a drawing) from its first ten claims, as the tests draft them. Each draft is
// written to OUT/<id>.txt so that two runs can be diffed (`diff -r before after`), and the
// oddities below are counted (hits and drafts), per section. Run with
// `npx tsx bench/draft-scan.ts OUT` (HATSUMEI_CORPUS_DIR points elsewhere than ../shared/corpus).
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { PatentRecord } from '../src/patents/record.ts';
import type { PatentSections } from '../src/patent-documents/model.ts';
import { draftOfRecord } from '../test/helpers/draft-input.ts';

const CORPUS = process.env.HATSUMEI_CORPUS_DIR ?? path.resolve('..', 'shared', 'corpus');
const OUT = process.argv[2];
if (!OUT) throw new Error('usage: npx tsx bench/draft-scan.ts OUT');

/** What reads oddly, by section: a pattern whose every hit is one oddity. */
interface Oddity {
  name: string;
  sections: (keyof PatentSections)[];
  pattern: RegExp;
}

const JA_ODDITIES: Oddity[] = [
  { name: '前記 in problem/effect', sections: ['issue', 'effect'], pattern: /前記/g },
  { name: 'subject read as a clause (…される/…する を提供/に関する)', sections: ['title', 'method', 'effect', 'domain'], pattern: /[るたい](?:を提供|に関する|では、)/g },
  { name: 'title ending in a verb', sections: ['title'], pattern: /[るたいだ]$/g },
  // Also after 「本実施形態において、」 or 「また、」, which open most of the embodiment's sentences; not 「Xでは、Yは、」, the drafter's form for a clause with a topic of its own.
  { name: 'two topics 「Xは、Yは、」 opening a sentence', sections: ['method', 'embodiment'], pattern: /(?:^|。)(?:本実施形態において、|また、)?[^。、]{1,30}(?<!で)は、[^。、]{1,30}(?<!で)は、/gm },
  { name: 'the thing said twice 「Xでは、このXは、」', sections: ['method', 'embodiment'], pattern: /([\p{Script=Han}\p{Script=Katakana}ー]{2,})[０-９]*では、(?:この|上記|前記|当該)?\1[０-９]*は、/gu },
  { name: '「、、」 or 「、。」', sections: ['method', 'embodiment', 'issue', 'effect'], pattern: /、[、。]/g },
  { name: 'sign after a verb/particle (る１０)', sections: ['embodiment', 'method'], pattern: /[るたいをにがでと][０-９]+[、はをと]/g },
  { name: 'empty component sentence 「Xは、。」', sections: ['embodiment', 'method'], pattern: /は、。/g },
  { name: 'doubled particle (をを, はは, のの)', sections: ['embodiment', 'method', 'issue', 'effect', 'title'], pattern: /(をを|がが|にに|のの|はは(?!ん))/g },
  { name: 'title with 前記/上記', sections: ['title'], pattern: /前記|上記|該/g },
  { name: '「上記前記」/「上記上記」', sections: ['embodiment', 'method'], pattern: /上記(?:前記|上記|該)/g },
  { name: 'sentence ending in a particle (…を。/…と。)', sections: ['embodiment', 'method', 'issue', 'effect'], pattern: /[をがにとの、]。/g },
  { name: 'sentence ending 「…であってもよい」 after a noun clause ending 「と」', sections: ['embodiment'], pattern: /とであってもよい/g },
  // Not a note closed after its 「。」 on the same line (「（式中、…を示す。）」, 「（以下、「…」という。）」): all 6 hits of the earlier /（[^）]*。/ on
  // the 281 drafts were such notes but JP2013129832A's and JP2014111522A's.
  { name: 'bracket left open', sections: ['embodiment', 'method', 'title'], pattern: /（(?:[^（）\n]|（[^（）\n]*）)*。(?!(?:[^（）\n]|（[^（）\n]*）)*）)/g },
  // 「下記（ａ）のモル比で」, 「下記（１）式で定義される」, 「次の条件式（１）」 with no later mention of （ａ）/（１） in the section but after another
  // pointer: what the claim states after its 「。」 (japanese-appended.ts). A formula drawn as an image (「下記一般式（Ｉ）で表される」, its
  // definitions 「式中、…」 stated) still counts.
  {
    name: '「下記／以下の／次の」 pointing at nothing the section states',
    sections: ['issue', 'method', 'effect', 'embodiment', 'abstract'],
    pattern: /(?:下記の?|(?<=^|[、はがをにでとも])(?:以下|次)の)(?:一般式|化学式|条件式|式|要件)?\s*([（(［][^）)］、。\s]{1,10}[）)］]|[０-９]+)(?![\s\S]*?(?<!(?:下記の?|以下の|次の|上記の?|前記の?)(?:一般式|化学式|条件式|式|要件)?\s*)\1)/gu,
  },
  { name: 'a method\'s step said to be what it is 「…ステップである構成」', sections: ['issue', 'effect'], pattern: /(?:ステップ|工程|段階)である(?:構成|[^。]*?を提供)/g },
  { name: '「こと」 cut 「…するこである」', sections: ['issue', 'effect', 'embodiment'], pattern: /するこである/g },
  { name: 'topic made subject inside brackets 「（…が除く）」', sections: ['issue', 'effect'], pattern: /（[^（）]*が除く）/g },
  { name: 'title 「方法」 alone', sections: ['title'], pattern: /^方法$/g },
  { name: 'a shape or a function signed 「形状１０」', sections: ['symbol_descriptions'], pattern: /^\d+ (?:形状|機能|特徴)$/gm },
  // 「Aと、Bと、を備える」 is the description's own list; a 「と、を」 with no 「と、」 before it closes a list of one (「…送信部と、を更に備える」) or 「AとBと、を」.
  { name: 'list verb after one item 「Xと、を備え」 or 「AとBと、を」', sections: ['method', 'embodiment', 'issue', 'effect', 'abstract'], pattern: /(?:^|。)(?:(?!と、)[^。\n])*と、を/gm },
  { name: 'claim reference in the description', sections: ['embodiment', 'issue', 'effect'], pattern: /請求項/g },
  // A method claim restated whole (「…製造方法は、…形成工程と、…形成工程と、を有する。」 of 364 characters, JP2014142390A claim 4) where an
  // attorney lists the steps and says each in turn (method-steps.ts).
  { name: 'a method in one sentence over 300 characters', sections: ['embodiment'], pattern: /(?:^|(?<=。))(?=[^。\n]{300})(?:また、)?(?:本実施形態に係る)?[^。\n、]{0,60}方法[０-９]*(?:は|では)、/gm },
  // The section cut inside a method's steps (JP2014111763A ends on its fourth of eight, 「その後、…」): a step said after 「まず、」 and 「次に、」 that is not
  // 「最後に、」, a 「次に、」 after another, or the named steps listed (「…は、第１工程と、第２工程と、第３工程と、を備える。」, JP2018097520A) with none said.
  { name: 'embodiment ends on a step opening 「次に／その後／続いて」 or on the steps\' list', sections: ['embodiment'], pattern: /(?:^|\n)(?:(?:続いて|その後)、[^\n]*|(?<!まず、[^\n]*\n)次に、[^\n]*|[^\n]*(?:であって、|は、)(?:[^、。\n]*?(?<![るたう])(?:工程|ステップ|段階)と、){2,}を[^、。\n]+。)$/g },
  // The claimed thing's components said twice in a row (「塗工機１は、塗液吐出部１０を備える。塗工機１は、塗液の液溜め部及び塗液吐出部１０を備える。」,
  // JP2010051953A): two sentences of one subject, each 「…を備える。」, the second without 「また、」 (the drafter's form for an element of its own).
  { name: 'components said twice 「Xは、…を備える。Xは、…を備える。」', sections: ['embodiment'], pattern: /(?:^|。)(?:図１に示すように、)?(?:また、)?(?:本実施形態に係る)?([^、。\n]{1,40}?)は、[^。\n]*を備える。\n?(?:本実施形態に係る)?\1は、[^。\n]*を備える。/gm },
  // A claim's past attributive ending (「…金属粒子を担持したカーボン」, 「…工程とを、備えた…製造方法」) ending a sentence tells a past event (「カーボンは、…を担持した。」).
  { name: 'sentence ending in the past 「…た。」', sections: ['method', 'embodiment', 'abstract'], pattern: /(?<!かっ)た。/g },
];

const EN_ODDITIES: Oddity[] = [
  // Not a temperature's "° C. to 600" nor an item label's "b. means for …" inside a restated claim.
  { name: 'lower-case sentence start', sections: ['embodiment', 'issue', 'effect'], pattern: /(?:^|(?<!°\s?[CF]|\b[a-zA-Z]|\b[ivx]{1,4})\. )(?!(?:[a-z]|[ivx]{1,4})[.)]\s)[a-z][a-z]+ /gm },
  { name: 'item label in the problem/effect ("in which f) a first encapsulant")', sections: ['issue', 'effect'], pattern: /(?:in which|that includes|including) \(?(?:[a-z]|[ivx]{1,4}|\d{1,2})[.)](?:\s|$)/gi },
  { name: 'item label opening an embodiment sentence ("includes a. a housing")', sections: ['embodiment'], pattern: /(?:includes|embodiments,|embodiment,) \(?(?:[a-z]|[ivx]{1,4})[.)] /gi },
  { name: 'doubled article (the the, a a, the a)', sections: ['embodiment', 'method', 'issue', 'effect', 'title'], pattern: /\b(?:the|a|an) (?:the|a|an)\b/gi },
  { name: 'sentence ending on a function word', sections: ['embodiment', 'issue', 'effect'], pattern: /\b(?:the|a|an|of|in|to|and|or|with|said)\.(?:\s|$)/g },
  { name: 'glued words (betweeneach)', sections: ['embodiment', 'method', 'domain'], pattern: /\b(?:between|each|which|wherein)(?:each|the|a|said)\b/g },
  { name: 'numeral inside a word group ("network 1 elements", "particle 1 size is")', sections: ['embodiment'], pattern: /\b[a-z]+ \d+ (?:elements?|devices?|units?|members?|portions?|size|length|width)\b/g },
  { name: 'participle in a sign list name ("memory storing instructions")', sections: ['symbol_descriptions'], pattern: /^\d+ .*\b\w+ (?:storing|having|including|comprising|configured|coupled|connected)\b/gm },
  { name: 'two names run together ("first case a second case")', sections: ['symbol_descriptions'], pattern: /^\d+ \S.*(?<!\b(?:of|and|or|to|with|for|in|on)) (?:a|an) \S+/gm },
  { name: '"mediums"', sections: ['background', 'issue', 'effect', 'embodiment'], pattern: /\bmediums\b/g },
  { name: ', , or ,,', sections: ['embodiment', 'method', 'issue', 'effect'], pattern: /,\s*[,.]/g },
  { name: 'sentence without a verb ("In this embodiment, from about 1% …")', sections: ['embodiment'], pattern: /^In (?:this|some) embodiments?, (?:from about|about \d|[a-z-]+, in an? amount|(?:[a-z][\w-]*\s+){0,4}?(?:means|material)\s+(?:for|[a-z]+ed|extending)\b|(?:[a-z][\w-]*\s+){0,3}[a-z-]+[^s\s]s\s+(?:[a-z]+ed|which)\b)/gm },
  { name: 'sign list name over 6 words', sections: ['symbol_descriptions'], pattern: /^\d+ (?:\S+ ){6,}\S+$/gm },
  // The section cut after another claim's announcement, before what it announces.
  { name: 'embodiment ends on "Next, the … will be described."', sections: ['embodiment'], pattern: /(?:^|\n)Next, [^\n]* will be described\.$/g },
  // A sentence of 300 characters or more (no period followed by a space) on a method or process: the claim restated whole.
  { name: 'a method in one sentence over 300 characters', sections: ['embodiment'], pattern: /(?:^|(?<=\. ))(?=(?:[^.\n]|\.(?! |$)){300})(?:[A-Z][\w ,-]{0,60}?)?\b(?:method|process)\b/gm },
  // A method's steps the claim joins by commas in one element ("A) angularly directing …, B) causing …", US7315383B1), said as one sentence
  // where an attorney says each in turn: three gerunds or more.
  { name: 'a method\'s steps joined by commas in one sentence ("the method includes directing …, checking …, and counting …")', sections: ['embodiment'], pattern: /\b(?:method|process) (?:includes|begins with) (?:[a-z]+ly )?[a-z]+ing\b[^.\n]*?, (?:[a-z]+ly )?[a-z]+ing\b[^.\n]*?, (?:and )?(?:[a-z]+ly )?[a-z]+ing\b/g },
];

async function* records(file: string, keep: (record: PatentRecord) => boolean): AsyncGenerator<PatentRecord> {
  const input = createInterface({ input: createReadStream(path.join(CORPUS, file)).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of input) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as PatentRecord;
    if (record.claims?.length && keep(record)) yield record;
  }
}

/** A draft as text, section by section, for diffing and for the patterns. */
function sectionText(sections: PatentSections, key: keyof PatentSections): string {
  const value = sections[key];
  if (key === 'symbol_descriptions') return sections.symbol_descriptions.map(({ sign, name }) => `${sign} ${name}`).join('\n');
  return Array.isArray(value) ? value.join('\n') : String(value);
}

const WRITTEN: (keyof PatentSections)[] = ['title', 'domain', 'background', 'issue', 'method', 'effect', 'embodiment', 'symbol_descriptions', 'claims', 'abstract'];

async function scan(file: string, lang: 'ja' | 'en', keep: (record: PatentRecord) => boolean, oddities: Oddity[]): Promise<void> {
  const counts = oddities.map(() => ({ hits: 0, drafts: new Set<string>() }));
  let drafts = 0;
  for await (const record of records(file, keep)) {
    const sections = await draftOfRecord(record, lang);
    drafts++;
    await writeFile(path.join(OUT!, `${record.id}.txt`), WRITTEN.map((key) => `## ${key}\n${sectionText(sections, key)}\n`).join('\n'));
    oddities.forEach((oddity, i) => {
      for (const key of oddity.sections) {
        const hits = sectionText(sections, key).match(oddity.pattern)?.length ?? 0;
        counts[i]!.hits += hits;
        if (hits) counts[i]!.drafts.add(record.id);
      }
    });
  }
  console.log(`${file}: ${drafts} drafts`);
  oddities.forEach((oddity, i) => {
    const { hits, drafts: ids } = counts[i]!;
    console.log(`  ${String(hits).padStart(4)} hits in ${String(ids.size).padStart(3)} drafts  ${oddity.name}${ids.size ? `  (${[...ids].slice(0, 4).join(', ')}${ids.size > 4 ? ', …' : ''})` : ''}`);
  });
}

await mkdir(OUT, { recursive: true });
await scan('jp-fulltext.jsonl.gz', 'ja', () => true, JA_ODDITIES);
await scan('us.jsonl.gz', 'en', (record) => record.kind !== 'design', EN_ODDITIES);
