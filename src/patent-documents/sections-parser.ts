// The lines of an uploaded patent document cut into the model's sections: the JPO 【…】 headings
// (様式第29: 【書類名】明細書 … 特許請求の範囲 … 要約書 … 図面) and the USPTO headings, written as
// Word headings, bold paragraphs or plain lines. Paragraph numbers (【０００１】, [0001]) are dropped
// because every export numbers the paragraphs again; the other labels become the model's lists
// (【特許文献１】, 【図１】 / "FIG. 1 is …", 「１０　正極」, 【請求項１】 / "1. …").
import type { HtmlLine } from './html-lines.ts';
import { emptySections, type DocumentLanguage, type PatentSections, type TextSection } from './model.ts';
import { toAsciiAlnum } from './paragraphs.ts';

/** Where the lines that follow a heading go. */
type Target = TextSection | 'citations' | 'figures' | 'signs' | 'claims' | 'drawings' | 'titleNext';

export interface ParsedDocument {
  lang: DocumentLanguage;
  sections: PatentSections;
  /** Figure descriptions by figure number (1-based). */
  figureDescriptions: Map<number, string>;
  /** Images in document order, each with the figure number its label gave it (null: unlabelled). */
  images: Array<{ src: string; figure: number | null }>;
  /** False when no heading, claim or list was recognised: everything went to `embodiment`. */
  structured: boolean;
}

const numberOf = (digits: string): number => Number(toAsciiAlnum(digits));

/** 【…】 headings of the JPO description and where their text goes. */
const JPO_HEADINGS: Record<string, Target> = {
  技術分野: 'domain',
  背景技術: 'background',
  先行技術文献: 'citations',
  特許文献: 'citations',
  非特許文献: 'citations',
  発明の概要: 'method',
  発明の開示: 'method',
  発明が解決しようとする課題: 'issue',
  課題を解決するための手段: 'method',
  発明の効果: 'effect',
  図面の簡単な説明: 'figures',
  発明を実施するための形態: 'embodiment',
  発明を実施するための最良の形態: 'embodiment',
  産業上の利用可能性: 'industrial_aplicability',
  符号の説明: 'signs',
  特許請求の範囲: 'claims',
  要約: 'abstract',
  要約書: 'abstract',
  図面: 'drawings',
};

/** 【書類名】… : the document of the filing that starts. */
const JPO_DOCUMENTS: Record<string, Target> = { 明細書: 'domain', 特許請求の範囲: 'claims', 要約書: 'abstract', 図面: 'drawings' };

/** US headings, matched against the whole line (case-insensitive, a trailing colon allowed). */
const US_HEADINGS: Array<[RegExp, Target]> = [
  [/^title( of (the )?invention)?$/, 'titleNext'],
  [/^cross[- ]references? to related applications?$/, 'background'],
  [/^(technical )?field( of (the )?(invention|disclosure))?$|^technical field$/, 'domain'],
  [/^background( art| of (the )?(invention|disclosure))?$|^description of (the )?related art$/, 'background'],
  [/^citation list$|^(patent|non[- ]?patent) literature$/, 'citations'],
  [/^(brief )?summary( of (the )?(invention|disclosure))?$/, 'method'],
  [/^technical problem$/, 'issue'],
  [/^(solution to (the )?problem|means for solving (the )?problem)$/, 'method'],
  [/^advantageous effects?( of (the )?invention)?$/, 'effect'],
  [/^brief description of (the )?(drawings?|figures?)$/, 'figures'],
  [/^(detailed description( of (the )?(invention|preferred embodiments?|embodiments?|disclosure))?|description of (the )?(preferred )?embodiments?|description of embodiments)$/, 'embodiment'],
  [/^industrial applicability$/, 'industrial_aplicability'],
  [/^(reference signs? list|list of reference (signs|numerals)|reference (numerals|signs)|description of (the )?reference (numerals|signs|characters))$/, 'signs'],
  [/^(claims?|what is claimed is|what we claim is|i claim|we claim|the invention claimed is)$/, 'claims'],
  [/^abstract( of the disclosure)?$/, 'abstract'],
  [/^drawings$/, 'drawings'],
];

const PARAGRAPH_NUMBER = /^(?:【[０-９0-9]{4,5}】|\[[0-9]{4,5}\])\s*/;
const CITATION_JPO = /【(非)?特許文献([０-９0-9]+)】([^【]*)/g;
const CITATION_US = /^(PTL|NPL|Patent (?:Literature|Document)|Non[- ]?Patent (?:Literature|Document))\s*\d+\s*[:：]\s*(.*)$/i;
const FIGURE_JPO = /^【図([０-９0-9]+)】(.*)$/;
const FIGURE_US = /^(?:FIG\.?|Fig\.?|Figure|FIGURE)\s*(\d+)[A-Za-z]?\s*(.*)$/;
const CLAIM_JPO = /^【請求項([０-９0-9]+)】(.*)$/;
const SIGN_TOKEN = /^[0-9０-９]+[A-Za-zＡ-Ｚａ-ｚ'’]*$/;

/** Japanese when kana and kanji are a fair share of the letters (a US text cites the odd 特開 number). */
export function detectLanguage(text: string): DocumentLanguage {
  const japanese = text.match(/[\u3040-\u30ff\u3400-\u9fff\uff10-\uff19]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return japanese > 0 && japanese * 3 >= latin ? 'ja' : 'en';
}

function usHeading(text: string): Target | null {
  const line = text.replace(/[:：]\s*$/, '').replace(/\s+/g, ' ').trim().toLowerCase();
  if (line.length > 80) return null;
  return US_HEADINGS.find(([pattern]) => pattern.test(line))?.[1] ?? null;
}

export function parseSections(lines: HtmlLine[]): ParsedDocument {
  const sections = emptySections();
  const text: Partial<Record<TextSection, string[]>> = {};
  const figureDescriptions = new Map<number, string>();
  const images: ParsedDocument['images'] = [];
  const lang = detectLanguage(lines.map((line) => (line.kind === 'text' ? line.text : '')).join('\n'));
  const claims: string[][] = [];
  let target: Target | null = null;
  let structured = false;
  let pendingFigure: number | null = null;
  let lastImage: ParsedDocument['images'][number] | null = null;
  const push = (section: TextSection, line: string) => (text[section] ??= []).push(line);
  const enter = (next: Target) => {
    target = next;
    lastImage = null;
    structured = true;
  };

  for (const line of lines) {
    if (line.kind === 'image') {
      lastImage = { src: line.src, figure: pendingFigure };
      images.push(lastImage);
      pendingFigure = null;
      continue;
    }
    const raw = line.text;
    // 【書類名】明細書 and the other documents of the filing.
    const documentName = /^【書類名】\s*(.+)$/.exec(raw);
    if (documentName) {
      const found = JPO_DOCUMENTS[documentName[1]!.trim()];
      if (found) enter(found);
      continue;
    }
    const title = /^【発明の名称】\s*(.*)$/.exec(raw);
    if (title) {
      structured = true;
      if (title[1]) sections.title = title[1].trim();
      else target = 'titleNext';
      continue;
    }
    const bracketed = /^【([^】]+)】$/.exec(raw);
    if (bracketed && JPO_HEADINGS[bracketed[1]!]) {
      enter(JPO_HEADINGS[bracketed[1]!]!);
      continue;
    }
    const heading = usHeading(raw);
    if (heading) {
      enter(heading);
      continue;
    }
    // The first heading of a US document is its title (37 CFR 1.72(a)); the title heading's next line is.
    if (target === 'titleNext') {
      sections.title = raw;
      target = null;
      continue;
    }
    // (A title alone is no structure: the text under it still needs the unstructured notice.)
    if (target === null && !sections.title && (line.heading || line.bold) && !structured) {
      sections.title = raw;
      continue;
    }
    const content = raw.replace(PARAGRAPH_NUMBER, '').trim();
    if (!content) continue;

    if (target === 'claims') {
      const jpo = CLAIM_JPO.exec(content);
      const us = /^(\d+)\s*\.\s*(.*)$/.exec(content);
      if (jpo) claims.push(jpo[2]!.trim() ? [jpo[2]!.trim()] : []);
      // A number starts a claim only when it is the next one ("1." then "2."), not a list inside a claim.
      else if (us && Number(us[1]) === claims.length + 1) claims.push(us[2]!.trim() ? [us[2]!.trim()] : []);
      else if (claims.length > 0) claims.at(-1)!.push(content);
      continue;
    }
    if (target === 'drawings') {
      const label = FIGURE_JPO.exec(content) ?? FIGURE_US.exec(content);
      if (label) {
        const figure = numberOf(label[1]!);
        // JPO sheets put 【図１】 above the figure, US ones "FIG. 1" below it: a label names the
        // unlabelled image just before it, else the next one.
        if (lastImage && lastImage.figure === null && pendingFigure === null) lastImage.figure = figure;
        else pendingFigure = figure;
      }
      continue;
    }
    // 【特許文献１】特開… anywhere in a paragraph, as gazettes print them.
    if (content.includes('特許文献')) {
      let rest = content;
      for (const match of content.matchAll(CITATION_JPO)) {
        (match[1] ? sections.preDocNonPatents : sections.preDocPatents).push(match[3]!.trim());
        rest = rest.replace(match[0], '');
      }
      if (rest !== content) {
        structured = true;
        if (rest.trim() && target && target !== 'citations') push(asText(target), rest.trim());
        continue;
      }
    }
    const usCitation = CITATION_US.exec(content);
    if (usCitation && (target === 'citations' || target === 'background')) {
      (/^n/i.test(usCitation[1]!) ? sections.preDocNonPatents : sections.preDocPatents).push(usCitation[2]!.trim());
      continue;
    }
    if (target === 'figures') {
      // 「【図１】…【図２】…」 may share a paragraph, as gazettes print them.
      const jpo = [...content.matchAll(/【図([０-９0-9]+)】([^【]*)/g)];
      const us = /^(?:FIGS?\.?|Figures?)\s*(\d+)/i.exec(content);
      if (jpo.length > 0) for (const match of jpo) figureDescriptions.set(numberOf(match[1]!), match[2]!.trim());
      // "FIG. 1 is …" keeps "is …"; "FIGS. 1A and 1B are …" is kept whole under figure 1.
      else if (us) figureDescriptions.set(Number(us[1]), content.replace(/^(?:FIG\.?|Figure)\s*\d+(?![0-9A-Za-z])\s*/i, '').trim());
      else push('embodiment', content);
      continue;
    }
    if (target === 'signs') {
      addSigns(sections, content, lang);
      continue;
    }
    // 【選択図】図１ alone is what the JPO rendering adds under the abstract; it comes back on export.
    if (target === 'abstract' && /^【選択図】\s*図[１1]$/.test(content)) continue;
    push(target === null ? 'embodiment' : asText(target), content);
  }

  for (const [key, value] of Object.entries(text)) sections[key as TextSection] = value.join('\n');
  sections.claims = claims.map((lines) => lines.join('\n'));
  return { lang, sections, figureDescriptions, images, structured };
}

/** Text that follows a list heading without being one of its entries goes where a reader would look for it. */
const asText = (target: Target): TextSection => (target === 'citations' ? 'background' : target === 'figures' || target === 'signs' || target === 'drawings' || target === 'claims' || target === 'titleNext' ? 'embodiment' : target);

/** 「１０　正極」 (one or several to a line, as gazettes print them) / "10 positive electrode". */
function addSigns(sections: PatentSections, line: string, lang: DocumentLanguage): void {
  if (lang === 'en') {
    const match = /^(\S+)\s+(.*)$/.exec(line);
    sections.symbol_descriptions.push(match ? { sign: match[1]!, name: match[2]!.trim() } : { sign: line, name: '' });
    return;
  }
  for (const token of line.split(/[\s\u3000]+/)) {
    if (SIGN_TOKEN.test(token)) sections.symbol_descriptions.push({ sign: toAsciiAlnum(token), name: '' });
    else if (sections.symbol_descriptions.length > 0) {
      const last = sections.symbol_descriptions.at(-1)!;
      last.name = last.name ? `${last.name} ${token}` : token;
    } else sections.symbol_descriptions.push({ sign: '', name: token });
  }
}
