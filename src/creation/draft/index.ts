// The drafter without GPT (issue 15 part 4): a specification assembled from the claims, the
// reference patent and the similar patents, in JPO style for 'ja' and US style for 'en'. The
// claims are read with the simulation engine's element cutter and kuromoji (claims.ts); claim 1's
// components get reference signs (signs.ts), and so do those the claims add outside its list
// (added-signs.ts); the background cites each document with a sentence of its own abstract
// (citations.ts); the problem and effect name what claim 1 has that the reference's text (the
// parts the user allowed) does not.
//
// Claims in the other language than `lang` (English claims for a Japanese draft): the claim text
// cannot be carried by the other language's sentences without translating it, so the sections are
// written in the claims' language and the notice `draft.claimsLanguage` says so.
import { analyze, normalizeText } from '../../patents/analysis/index.ts';
import type { PatentRecord } from '../../patents/record.ts';
import { emptySections, type PatentSections } from '../../patent-documents/model.ts';
import type { Draft, DraftInput, ReferenceParts } from '../draft-input.ts';
import { addedComponents } from './added-signs.ts';
import { englishAddedComponents } from './english-added.ts';
import { jepsonRead } from './english-jepson.ts';
import { liveClaims } from './canceled-claims.ts';
import { readClaims, type ClaimLanguage, type ClaimPart, type ReadClaim } from './claims.ts';
import { citedId, citedSentence, englishCitation, japaneseCitation } from './citations.ts';
import type { CitedSource, DraftContext } from './context.ts';
import { englishDrawingDescription, englishSections } from './english.ts';
import { englishTitle } from './english-title.ts';
import { japaneseDrawingDescription, japaneseSections, japaneseTitle } from './japanese.ts';
import { pastedComparable, pastedSentence } from './pasted.ts';
import { assignSigns, signedClaim } from './signs.ts';

export { japaneseCitation, englishCitation } from './citations.ts';

function abortIfAsked(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/** The reference's text the draft may compare with (§5: the parts the user chose). */
function referenceText(record: PatentRecord | null, parts: ReferenceParts): string {
  if (!record) return '';
  const pieces: string[] = [];
  if (parts.claims && record.claims) pieces.push(...record.claims);
  if (parts.abstract && record.abstract) pieces.push(record.abstract);
  if (parts.fullText && record.description) pieces.push(record.description);
  if (parts.fullText && record.title) pieces.push(record.title);
  return pieces.join('\n');
}

/**
 * Parts of claim 1 the reference does not show: a component whose name does not occur in the
 * reference's text, or a limitation clause less than half of whose words occur there.
 */
async function novelParts(main: ReadClaim, reference: string): Promise<ClaimPart[]> {
  if (!reference) return [];
  const normalized = normalizeText(reference);
  const language = main.language;
  const words = new Set(await analyze(reference, language, { bigrams: false }));
  const novel: ClaimPart[] = [];
  for (const part of main.parts) {
    if (part.name) {
      if (!normalized.includes(normalizeText(part.name))) novel.push(part);
      continue;
    }
    const tokens = [...new Set(await analyze(part.text, language, { bigrams: false }))];
    if (tokens.length > 0 && tokens.filter((token) => words.has(token)).length / tokens.length < 0.5) novel.push(part);
  }
  return novel;
}

function citedSources(input: DraftInput, lang: ClaimLanguage): CitedSource[] {
  const cite = lang === 'ja' ? japaneseCitation : englishCitation;
  const sources: CitedSource[] = [];
  const seen = new Set<string>();
  const add = (id: string, record: PatentRecord | null, reference: boolean, parts?: ReferenceParts) => {
    const citation = cite(id);
    if (seen.has(citation)) return;
    seen.add(citation);
    sources.push({ citation, sentence: citedSentence(record, parts), title: record?.title ?? '', reference });
  };
  if (input.reference) add(input.reference.id, input.reference, true, input.referenceParts);
  for (const document of input.similar) add(citedId(document), document.record, false);
  return sources;
}

/** The draft of §3's sections from the input, without GPT. */
export async function draftWithoutGpt(input: DraftInput, options: { signal?: AbortSignal } = {}): Promise<Draft> {
  const { signal } = options;
  abortIfAsked(signal);
  const notices: Draft['notices'] = [];
  // A Jepson claim ("In a hydraulic system …, the improvements comprising: …") claims the system with the improvement's elements.
  const claims = await Promise.all((await readClaims(input.claims)).map(jepsonRead));
  abortIfAsked(signal);
  const sections: PatentSections = emptySections();
  // A canceled claim is not filed again, and the references of the others follow their new numbers.
  sections.claims = liveClaims(input.claims);
  if (claims.length === 0) {
    return { sections, drawingDescriptions: input.drawings.map((drawing) => drawing.caption), notices: [{ key: 'draft.noClaims' }] };
  }
  // A claim set of dependent claims only (claim 1 cut away): the first claim stands in for the independent one.
  const independents = claims.filter((claim) => claim.independent);
  let dependents = claims.filter((claim) => !claim.independent);
  if (independents.length === 0) {
    // Dependent claims only (claim 1 not pasted): the first one, as the thing it claims with what it adds, stands in.
    const first = claims[0]!;
    const text = first.language === 'ja' ? `${first.body}${first.subject}。` : `A ${first.subject}, wherein ${first.body}.`;
    independents.push({ ...first, independent: true, refersTo: [], text, preamble: '', parts: [{ text: first.body, name: null }] });
    dependents = claims.slice(1);
  }
  const main = independents[0]!;
  const lang: ClaimLanguage = main.language;
  if (lang !== input.lang) notices.push({ key: 'draft.claimsLanguage', values: { claims: lang, draft: input.lang } });

  const signed = signedClaim(independents) ?? main;
  const signs = assignSigns(signed);
  // What the claims add outside the list (「…付勢部材を更に備え」, "further comprising a SIP container") is numbered on after it; a material or a method has no signs to add to.
  const taken = [signed.subject, ...signs.parts.map((part) => part.name)];
  const added = !signs.subject ? [] : signed.language === 'en' ? englishAddedComponents(signed, claims, taken) : await addedComponents(signed, claims, taken);
  // A method's steps are listed unnumbered (see assignSigns).
  const numbered = signs.parts.filter(({ sign }) => sign).map(({ sign, name }) => ({ sign, name }));
  const signList = [
    ...(signs.subject ? [signs.subject] : []),
    ...numbered,
    ...added.map((name, i) => ({ sign: String((numbered.length + 1 + i) * 10), name })),
  ];
  const reference = referenceText(input.reference, input.referenceParts);
  // The pasted document is quoted as known art; with no reference patent to compare, the problem
  // names what claim 1 has that it does not mention.
  const pastedQuote = pastedSentence(input.similarDocument ?? '', lang);
  const pastedNovelty = pastedQuote && !reference ? await novelParts(main, pastedComparable(input.similarDocument)) : [];
  const novelty = reference ? await novelParts(main, reference) : pastedNovelty;
  abortIfAsked(signal);
  const cited = citedSources(input, lang);
  const context: DraftContext = {
    lang,
    claims,
    main,
    independents,
    dependents,
    signed,
    subject: main.subject,
    title: lang === 'ja' ? japaneseTitle(main, independents) : englishTitle(main, independents),
    signs,
    signList,
    cited,
    novelty,
    referenceText: reference.length > 0,
    pasted: { sentence: pastedQuote, contrasted: pastedNovelty.length > 0 },
    keywords: input.keywords.filter((keyword) => keyword.trim()).map((keyword) => keyword.trim()),
    drawings: input.drawings,
  };
  const written = lang === 'ja' ? japaneseSections(context) : englishSections(context);
  Object.assign(sections, written);
  sections.preDocPatents = cited.map((source) => source.citation);
  const describe = lang === 'ja' ? japaneseDrawingDescription : englishDrawingDescription;
  const drawingDescriptions = input.drawings.map((drawing, index) => describe(drawing.caption, index, main.subject));
  return { sections, drawingDescriptions, notices };
}
