// The chat requests of the GPT draft: two section calls and one vision call per drawing.
//
// Why two section calls: one call for every section is cheapest, but a model asked for ten
// sections at once writes the first ones long and the embodiment short (it runs out of its
// own sense of length), and a truncated answer loses all of them. Two groups — the front
// matter {title, domain, background, issue, method, effect} and the body {embodiment,
// symbol_descriptions, industrial_aplicability, abstract} — keep each answer near 3,000
// characters, let the body be written from the front matter's means, and a failure costs
// half the draft, not all of it. The document context (≤ 6,000 characters) is sent with each.
import { z } from 'zod';
import type { DocumentLanguage, ReferenceSign } from '../../patent-documents/model.ts';
import type { GptContentPart, StructuredRequest } from '../../platform/gpt.ts';
import { SECTION_LIMIT } from './answer-checks.ts';
import { citationLabel, passagesText, type Passage } from './passages.ts';

export const SECTIONS_PURPOSE = 'creation.sections';
export const VISION_PURPOSE = 'creation.vision';

const text = { type: 'string' } as const;
const signList = {
  type: 'array',
  items: { type: 'object', additionalProperties: false, required: ['sign', 'name'], properties: { sign: text, name: text } },
} as const;

/** Strict structured-output schemas: every property required, nothing else allowed. */
export const FRONT_SCHEMA = {
  name: 'patent_front_sections',
  description: 'Title, technical field, background, problem, means and effect of a patent specification.',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'domain', 'background', 'issue', 'method', 'effect'],
    properties: { title: text, domain: text, background: text, issue: text, method: text, effect: text },
  },
} as const;

export const BODY_SCHEMA = {
  name: 'patent_body_sections',
  description: 'Detailed description with reference signs, industrial applicability and abstract of a patent specification.',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['embodiment', 'symbol_descriptions', 'industrial_aplicability', 'abstract'],
    properties: { embodiment: text, symbol_descriptions: signList, industrial_aplicability: text, abstract: text },
  },
} as const;

export const DRAWING_SCHEMA = {
  name: 'patent_drawing',
  description: 'The brief description of one patent drawing and the reference signs visible in it.',
  schema: { type: 'object', additionalProperties: false, required: ['description', 'signs'], properties: { description: text, signs: signList } },
} as const;

const sign = z.object({ sign: z.string(), name: z.string() });
const frontAnswer = z.object({ title: z.string(), domain: z.string(), background: z.string(), issue: z.string(), method: z.string(), effect: z.string() });
const bodyAnswer = z.object({ embodiment: z.string(), symbol_descriptions: z.array(sign), industrial_aplicability: z.string(), abstract: z.string() });
const drawingAnswer = z.object({ description: z.string(), signs: z.array(sign) });

export type FrontAnswer = z.infer<typeof frontAnswer>;
export type BodyAnswer = z.infer<typeof bodyAnswer>;
export type DrawingAnswer = z.infer<typeof drawingAnswer>;

const STYLE: Record<DocumentLanguage, string> = {
  ja: `You write Japanese patent specifications for filing at the JPO, as a Japanese patent attorney writes them: である調 (never です・ます), 本発明 / 本実施形態, gazette terms (〜を備える, 〜を有する, 〜に関する), full-width digits for reference signs after the element name (正極１０).
Cite prior art only as 【特許文献１】, 【特許文献２】 … with the labels given below; never cite a document that is not listed, never invent publication numbers or non-patent literature.`,
  en: `You write US patent applications as a US patent practitioner writes them: formal, third person, "the present disclosure", "in some embodiments", reference numerals after the element name (positive electrode 10).
Cite prior art only as Patent Literature 1, Patent Literature 2 … with the labels given below; never cite a document that is not listed, never invent publication numbers or non-patent literature.`,
};

const RULES = `Rules: every section at most ${SECTION_LIMIT.toLocaleString('en-US')} characters (aim for 300–1,200); the title is one short line without a final period. Separate paragraphs with a single line break. Do not copy the claims' numbering; do not write section headings or paragraph numbers. Do not add features the claims and passages do not support.`;

export interface SectionContext {
  lang: DocumentLanguage;
  claims: readonly string[];
  keywords: readonly string[];
  passages: readonly Passage[];
  /** How many documents the baseline cites (【特許文献１】 … N). */
  citedCount: number;
}

function contextText(context: SectionContext): string {
  const citations = Array.from({ length: context.citedCount }, (_, i) => citationLabel(i + 1, context.lang)).join(', ');
  return [
    `Claims:\n${context.claims.map((claim, i) => `${i + 1}. ${claim}`).join('\n')}`,
    context.keywords.length ? `Keywords: ${context.keywords.join(', ')}` : '',
    `Citable prior art: ${citations || 'none (do not cite any document)'}`,
    context.passages.length ? `Relevant passages of the prior art (label, part, text):\n${passagesText(context.passages)}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The first call: title, technical field, background (citing the prior art), problem, means, effect. */
export function frontRequest(context: SectionContext, signal?: AbortSignal): StructuredRequest<FrontAnswer> {
  const ja = context.lang === 'ja';
  return {
    messages: [
      { role: 'system', content: `${STYLE[context.lang]}\n${RULES}` },
      {
        role: 'user',
        content: `${contextText(context)}

Write these sections of the specification for the claimed invention:
- title: ${ja ? '発明の名称 (e.g. 「リチウムイオン二次電池」)' : 'Title of the invention'}
- domain: ${ja ? '技術分野 (「本発明は、…に関する。」)' : 'Technical field ("The present disclosure relates to …")'}
- background: ${ja ? '背景技術: describe the prior art, citing each listed document as 【特許文献N】 with what it discloses' : 'Background: describe the prior art, citing each listed document as Patent Literature N with what it discloses'}
- issue: ${ja ? '発明が解決しようとする課題 (「本発明は、…を目的とする。」)' : 'the problem the invention solves (part of the Summary)'}
- method: ${ja ? '課題を解決するための手段: each independent claim restated in prose (「上記課題を解決するため、本発明の…は、…を備える。」)' : 'Summary: each independent claim restated in prose'}
- effect: ${ja ? '発明の効果 (「本発明によれば、…できる。」)' : 'the advantageous effects'}`,
      },
    ],
    schema: FRONT_SCHEMA,
    parse: (value) => frontAnswer.parse(value),
    signal,
    temperature: 0.3,
  };
}

/** The second call: the embodiment with reference signs, industrial applicability, abstract. */
export function bodyRequest(
  context: SectionContext,
  known: { method: string; signs: readonly ReferenceSign[]; drawingDescriptions: readonly string[] },
  signal?: AbortSignal,
): StructuredRequest<BodyAnswer> {
  const ja = context.lang === 'ja';
  const figure = (i: number) => (ja ? `【図${String(i + 1).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))}】` : `FIG. ${i + 1}`);
  const drawings = known.drawingDescriptions.map((d, i) => `${figure(i)} ${d}`).filter((line) => line.trim().length > 6);
  return {
    messages: [
      { role: 'system', content: `${STYLE[context.lang]}\n${RULES}` },
      {
        role: 'user',
        content: `${contextText(context)}

Means already written:\n${known.method}
${drawings.length ? `\nDrawings:\n${drawings.join('\n')}` : ''}
${known.signs.length ? `\nReference signs already in use (reuse them with the same names; add new ones as needed):\n${known.signs.map((s) => `${s.sign} ${s.name}`).join('\n')}` : ''}

Write these sections:
- embodiment: ${ja ? '発明を実施するための形態: one paragraph per claim element, each element followed by its reference sign (正極１０); dependent claims as variations (「…としてもよい。」)' : 'Detailed description: one paragraph per claim element, each element followed by its reference numeral; dependent claims as variations'}
- symbol_descriptions: every reference sign used in the embodiment with the element's name, exactly as written there (sign: "10", name: ${ja ? '"正極"' : '"positive electrode"'}); no sign that the embodiment does not use
- industrial_aplicability: ${ja ? '産業上の利用可能性 (「本発明は、…に利用可能である。」)' : 'industrial applicability (one short paragraph)'}
- abstract: ${ja ? '要約: 【課題】 and 【解決手段】 in prose, at most 400 characters' : 'Abstract: at most 150 words'}`,
      },
    ],
    schema: BODY_SCHEMA,
    parse: (value) => bodyAnswer.parse(value),
    signal,
    temperature: 0.3,
  };
}

/** One drawing: its line for 【図面の簡単な説明】 and the signs visible in it. */
export function drawingRequest(
  drawing: { mimeType: string; data: Uint8Array; caption: string },
  figureNumber: number,
  lang: DocumentLanguage,
  claims: readonly string[],
  knownSigns: readonly ReferenceSign[],
  signal?: AbortSignal,
): StructuredRequest<DrawingAnswer> {
  const ja = lang === 'ja';
  const url = `data:${drawing.mimeType};base64,${Buffer.from(drawing.data).toString('base64')}`;
  const instructions = `This is figure ${figureNumber} of a patent application${drawing.caption ? ` (the applicant's caption: ${drawing.caption})` : ''}.
The invention (claim 1): ${claims[0] ?? ''}
${knownSigns.length ? `Names already given to reference signs: ${knownSigns.map((s) => `${s.sign} ${s.name}`).join(', ')}\n` : ''}
- description: ${ja ? 'the figure\'s line for 【図面の簡単な説明】 without the figure label, in Japanese である調, one sentence ending 「…を示す断面図である。」/「…の斜視図である。」/「…のフローチャートである。」 as fits what is drawn' : 'the figure\'s line for the Brief Description of the Drawings without the "FIG. n" label, one sentence such as "is a cross-sectional view of …", "is a perspective view of …", "is a flowchart of …" as fits what is drawn'}
- signs: the reference signs (numerals) you can read in the figure, each with the name of the part it points to${ja ? ' in Japanese' : ''}; use the names above for signs that have one; leave the list empty when the figure has no reference signs. Never guess a numeral you cannot read.`;
  const content: GptContentPart[] = [
    { type: 'text', text: instructions },
    { type: 'image_url', image_url: { url, detail: 'high' } },
  ];
  return {
    messages: [
      { role: 'system', content: ja ? 'You describe drawings of Japanese patent applications as a Japanese patent attorney writes 【図面の簡単な説明】.' : 'You describe drawings of US patent applications as a US patent practitioner writes the Brief Description of the Drawings.' },
      { role: 'user', content },
    ],
    schema: DRAWING_SCHEMA,
    parse: (value) => drawingAnswer.parse(value),
    signal,
    temperature: 0.2,
  };
}
