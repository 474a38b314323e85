// Keywords extracted without GPT from real English claims (claim 1 of US patents, read by hand),
// against US records of the demo corpus: what a US searcher would type into a formula.
// Seen in bench/keyword-extraction-english.ts: a fifth of the keywords were noun phrases cut
// before their head noun ("fixed forward" of a fixed forward frame assembly, "integrated
// semiconductor" of integrated semiconductor components), "frame" was offered where the claim
// says "frame assembly" (-ly read as an adverb), and a subject with its verb ("apparatus moves").
import { isEnglishStopWord } from '../../src/patents/analysis/english.ts';
import { extractKeywords } from '../../src/detail-search/keywords/extract.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { corpusDatabase } from '../helpers/corpus-database.ts';

/** US11147203B2, claim 1 (in the demo corpus): a tractor built of frame assemblies. */
const TRACTOR =
  '1. A middle mounted implement tractor, comprising: a front frame assembly having a fixed forward frame assembly, a front wheel assembly, a left plurality of pivoting stabilizing arms and a right plurality of pivoting stabilizing arms; the front wheel assembly having a left front wheel assembly including a left front wheel and a right front wheel assembly including a right front wheel; a mounting frame assembly pivotably attached to the front frame assembly, the mounting frame assembly adapted to mount a middle mounted implement; wherein the front frame assembly is adapted to pivotably raise and lower relative to the mounting frame assembly such that the left and right front wheels can be raised and lowered relative to the mounting frame assembly; a movable frame assembly comprising the front frame assembly and the mounting frame assembly; a middle frame assembly movably attached to the mounting frame assembly and configured such that the movable frame assembly can be raised and lowered relative to the middle frame assembly; a rear frame assembly attached to the middle frame assembly and having a left rear wheel and a right rear wheel; wherein the front wheel assembly pivots on a pivot point attached at a center of the fixed forward frame assembly.';
/** US6838391B2, claim 1. */
const SEMICONDUCTOR =
  '1. A method of producing laterally integrated semiconductor components, comprising the steps of: applying at least one first semiconductor component on an epitaxial substrate; layering a mask over said at least one first semiconductor component and said substrate, said mask defining one or more windows to said substrate; applying at least one other semiconductor component in at least one of said one or more windows; and removing said mask layer by introduction of at least one fluoride based compound into an epitaxy reactor.';
/** US20210267109A1, claim 1 (beginning). */
const DEBRIS_CLEANER =
  '1. An apparatus to clean a surface with debris comprising: a frame comprising a front face, and an uplifted panel, wherein the uplifted panel entraps the debris scooped up by the apparatus; at least a first wheel attached to the frame; wherein the apparatus moves the debris upon the first wheel with at least a portion of a weight of the frame, the uplifted panel and the debris supported by the first wheel; at least a first fork comprising teeth, wherein the first fork is attached to the uplifted panel; a first adjustment fixture attached to the frame and to the uplifted panel.';
/** US7643624B2, claim 1. */
const TELEPHONE_SYSTEM =
  '1. A multi-line residential telephone system configured to communicate via a plurality of telephone lines, comprising: a plurality of residential telephone lines serviced by a single network; an internal conference connection module in communication with the plurality of telephone lines, wherein when an incoming call initiated by a calling party using a first line of the plurality of telephone lines remains unanswered for a predetermined number of rings, the internal conference connection module connects the calling party to a second line of the plurality of telephone lines, whereby the calling party receives a dial tone associated with the second line of the plurality of telephone lines.';
/** US7863661B2, claim 1 (beginning). */
const IMAGING_DEVICE =
  '1. A solid-state imaging device comprising: unit pixels arranged in rows and columns on a semiconductor substrate; and a common well having a first conductivity type provided on the semiconductor substrate, wherein said unit pixels include two kinds of unit pixels including a first unit pixel and a second unit pixel that are provided on the common well and adjacent to each other, said first unit pixel includes: a first photoelectric conversion region which converts light into a signal charge and which has the first conductivity type; a first semiconductor region which is provided on the common well, which has the first conductivity type and which is separated from the first photoelectric conversion region by an element isolation region.';

const store = corpusDatabase(
  async () => {
    // US records on the claims' subjects (so their phrases have hits, as in the demo store) and others.
    let others = 0;
    const onSubject = /semiconductor|frame assembly|tractor|debris|telephone|pixel/i;
    return [await cutCorpus('data/demo-corpus/demo.jsonl.gz', 400, (record) => record.region === 'us' && (onSubject.test(JSON.stringify(record)) || others++ < 200))];
  },
  { pool: 4, timeout: 180_000 },
);

const keywordsOf = async (claim: string) => (await extractKeywords(store.db, claim, 'us', { limit: 12 })).map((k) => k.keyword);

/** Whether the keyword ends a noun phrase somewhere in the claim: punctuation, a function word, an adverb or a participle (dial tone associated with) comes next. */
function endsAPhrase(keyword: string, claim: string): boolean {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  for (const match of claim.toLowerCase().matchAll(new RegExp(`\\b${escaped}\\b(\\s+([a-z-]+))?`, 'g'))) {
    const next = match[2];
    if (!match[1] || !next || isEnglishStopWord(next) || /(ly|ed)$/.test(next) || /^(comprising|having|including|wherein|based)$/.test(next)) return true;
  }
  return false;
}

test('a claim’s keywords are whole noun phrases, ending on their head noun', async () => {
  for (const claim of [TRACTOR, SEMICONDUCTOR, DEBRIS_CLEANER, TELEPHONE_SYSTEM, IMAGING_DEVICE]) {
    const keywords = await keywordsOf(claim);
    expect(keywords.length).toBeGreaterThan(0);
    expect(keywords.filter((keyword) => !endsAPhrase(keyword, claim))).toEqual([]);
  }
});

test('the tractor’s frame assembly is offered as the claim names it, not "frame" or "fixed forward"', async () => {
  const keywords = await keywordsOf(TRACTOR);
  expect(keywords).toContain('frame assembly');
  expect(keywords).not.toContain('fixed forward');
  expect(keywords).not.toContain('frame');
  // "the front frame assembly is adapted to pivotably raise": a verb.
  expect(keywords).not.toContain('raise');
  // Its left and right wheels are one part: the front wheel, not "left front wheel" and "right front wheel".
  expect(keywords.filter((keyword) => /^(left|right) /.test(keyword))).toEqual([]);
});

test('"integrated semiconductor" is no keyword; the semiconductor component is', async () => {
  const keywords = await keywordsOf(SEMICONDUCTOR);
  expect(keywords).toContain('semiconductor component');
  expect(keywords).not.toContain('integrated semiconductor');
});

test('a subject with its verb is no keyword ("apparatus moves" the debris)', async () => {
  const keywords = await keywordsOf(DEBRIS_CLEANER);
  expect(keywords.filter((keyword) => /\bmoves$/.test(keyword))).toEqual([]);
  expect(keywords).toContain('uplifted panel');
});

test('a verb is no keyword: "configured to communicate", "region which converts light"', async () => {
  const telephone = await keywordsOf(TELEPHONE_SYSTEM);
  expect(telephone.filter((keyword) => /^communicate\b/.test(keyword))).toEqual([]);
  expect(telephone).toEqual(expect.arrayContaining(['telephone lines']));
  const imaging = await keywordsOf(IMAGING_DEVICE);
  expect(imaging.filter((keyword) => /^converts\b/.test(keyword))).toEqual([]);
  expect(imaging).toEqual(expect.arrayContaining(['semiconductor substrate', 'signal charge']));
});
