// Reference signs and figures: each used in the text must be listed (signs in 【符号の説明】,
// figures as drawings), and each listed one used. Signs are checked only when the document has
// a list at all (JPO and US practice do not require one); a sign is a number right after a noun
// (「正極１０」「正極１０ａ」 / "electrode 10", "10a"), not a figure, claim, cited document, quantity or unit.
import { TEXT_SECTIONS, type PatentDocument, type PatentSections } from '../model.ts';
import { halfWidth, type DraftingFinding } from './types.ts';

interface Use {
  sign: string;
  text: string;
  section: keyof PatentSections;
  item?: number;
}

const JA_SIGN = /([\p{Script=Han}\p{Script=Katakana}ー]{1,12})([0-9０-９]{1,4}[a-zａ-ｚA-ZＡ-Ｚ]?['’]?)(?![0-9０-９a-zａ-ｚA-ZＡ-Ｚ.．,，%％℃°\p{Script=Han}\p{Script=Katakana}])/gu;
const JA_NOT_SIGN = /(?:^(?:及|又|並|若|乃至|ないし)|第|図|項|表|式|例|献|約|数|各|計|全|同|号|番|倍|段|回|版|次|年|月|日|型|形態|工程|ステップ|実施|比較|参考|請求|試料|サンプル|番号|実験|条件|化学式|一般式|構造式|数式|配列番号|段落)$/u;
const JA_MORE_SIGNS = /^(?:[、，,・]|及び|および|又は|または|と|～|〜)([0-9０-９]{1,4}[a-zａ-ｚA-ZＡ-Ｚ]?['’]?)(?![0-9０-９a-zａ-ｚA-ZＡ-Ｚ.．%％℃°\p{Script=Han}\p{Script=Katakana}])/u;
const EN_SIGN = /\b([A-Za-z][a-z-]{2,})\s+(\d{1,4}[a-z]?'?)(?![\d.,]?\d)(?!\s*(?:mm|cm|nm|µm|um|m|km|kg|g|mg|ml|l|%|percent|degrees?|°|seconds?|minutes?|hours?|days?|times|volts?|v|w|hz|khz|mhz|ghz|psi|bar|kpa|mpa|wt|bits?|bytes?|mb|gb|to|and|or)\b)/g;
const EN_NOT_SIGN = /^(?:claims?|figs?|figures?|of|to|than|about|approximately|from|and|or|by|at|in|on|with|between|over|under|for|least|most|embodiment|example|examples|table|equation|formula|col|column|line|lines|page|paragraph|number|version|no|nos|pat|patent|year|since|step|steps|group|type|class|chapter|section|level|about|only|every|all|than|up|is|are|be|were|was|sheet|sheets)$/i;

function sectionTexts(document: PatentDocument): Array<{ section: keyof PatentSections; item?: number; text: string }> {
  const texts: Array<{ section: keyof PatentSections; item?: number; text: string }> = [];
  for (const section of TEXT_SECTIONS) if (section !== 'title' && section !== 'abstract') texts.push({ section, text: document.sections[section] });
  document.sections.claims.forEach((text, item) => texts.push({ section: 'claims', item, text }));
  return texts;
}

const signKey = (sign: string): string => halfWidth(sign).toLowerCase().replace(/[’]/g, "'");

function signUses(document: PatentDocument): Use[] {
  const uses: Use[] = [];
  for (const { section, item, text } of sectionTexts(document)) {
    if (document.lang === 'ja') {
      for (const match of text.matchAll(JA_SIGN)) {
        if (JA_NOT_SIGN.test(match[1]!)) continue;
        uses.push({ sign: signKey(match[2]!), text: match[0], section, ...(item !== undefined && { item }) });
        // 「連結部２０３ａ，２０４ａ」「ロール１４、１５及び１６」: the signs listed after the first.
        let rest = text.slice(match.index! + match[0].length);
        for (let next = JA_MORE_SIGNS.exec(rest); next; next = JA_MORE_SIGNS.exec(rest)) {
          uses.push({ sign: signKey(next[1]!), text: `${match[0]}${next[0]}`, section, ...(item !== undefined && { item }) });
          rest = rest.slice(next[0].length);
        }
      }
    } else {
      for (const match of text.matchAll(EN_SIGN)) {
        if (EN_NOT_SIGN.test(match[1]!)) continue;
        uses.push({ sign: signKey(match[2]!), text: match[0], section, ...(item !== undefined && { item }) });
      }
    }
  }
  return uses;
}

export function checkSigns(document: PatentDocument): DraftingFinding[] {
  const listed = document.sections.symbol_descriptions;
  if (listed.length === 0) return [];
  const findings: DraftingFinding[] = [];
  const listedKeys = new Set(listed.map((entry) => signKey(entry.sign)));
  const uses = signUses(document);
  const reported = new Set<string>();
  for (const use of uses) {
    if (listedKeys.has(use.sign) || reported.has(use.sign)) continue;
    reported.add(use.sign);
    findings.push({ check: 'signs', severity: 'warning', section: use.section, ...(use.item !== undefined && { item: use.item }), text: use.text, key: 'checks.signs.unlisted', values: { sign: use.sign } });
  }
  const used = new Set(uses.map((use) => use.sign));
  listed.forEach((entry, item) => {
    if (used.has(signKey(entry.sign))) return;
    findings.push({ check: 'signs', severity: 'warning', section: 'symbol_descriptions', item, text: `${entry.sign} ${entry.name}`.trim(), key: 'checks.signs.unused', values: { sign: entry.sign, name: entry.name } });
  });
  return findings;
}

// ---------------------------------------------------------------------------------------
// Figures

const JA_FIGURE = /図([0-9０-９]{1,3})(?:(?:[（(][a-zａ-ｚA-ZＡ-Ｚ][)）])?(?:\s*(乃至|ないし|～|〜|~|から|－|-)\s*(?:図)?([0-9０-９]{1,3})))?/g;
const EN_FIGURE = /\b(?:FIGS?\.?|Figs?\.|Figures?)\s*((?:\d{1,3}[A-Za-z]?(?:'|\(\w\))?(?:\s*(?:,|and|or|to|through|-|–)\s*)?)+)/g;

interface Mention {
  figure: number;
  text: string;
  section: keyof PatentSections;
  item?: number;
}

function figureMentions(document: PatentDocument): Mention[] {
  const mentions: Mention[] = [];
  for (const { section, item, text } of sectionTexts(document)) {
    const at = item !== undefined ? { item } : {};
    if (document.lang === 'ja') {
      for (const match of text.matchAll(JA_FIGURE)) {
        // 「特許文献１の図３」 is a figure of another document.
        if (/(?:文献|公報)[0-9０-９]*の?$/.test(text.slice(Math.max(0, match.index! - 12), match.index!))) continue;
        const from = Number(halfWidth(match[1]!));
        const to = match[3] ? Number(halfWidth(match[3])) : from;
        for (let figure = from; figure <= Math.min(to, from + 50); figure++) mentions.push({ figure, text: match[0], section, ...at });
      }
    } else {
      for (const match of text.matchAll(EN_FIGURE)) {
        const parts = match[1]!.split(/(\d+)/);
        let previous: number | undefined;
        for (let i = 1; i < parts.length; i += 2) {
          const figure = Number(parts[i]);
          const range = previous !== undefined && /\bto\b|through|-|–/.test(parts[i - 1] ?? '') && figure > previous;
          for (let k = range ? previous! + 1 : figure; k <= figure && k - (previous ?? 0) <= 50; k++) mentions.push({ figure: k, text: match[0].trim(), section, ...at });
          previous = figure;
        }
      }
    }
  }
  return mentions;
}

export function checkFigures(document: PatentDocument): DraftingFinding[] {
  const findings: DraftingFinding[] = [];
  const mentions = figureMentions(document);
  const count = document.drawings.length;
  const reported = new Set<number>();
  for (const mention of mentions) {
    if (mention.figure >= 1 && mention.figure <= count) continue;
    if (reported.has(mention.figure)) continue;
    reported.add(mention.figure);
    findings.push({ check: 'figures', severity: 'warning', section: mention.section, ...(mention.item !== undefined && { item: mention.item }), text: mention.text, key: 'checks.figures.missing', values: { figure: mention.figure, drawings: count } });
  }
  const mentioned = new Set(mentions.map((mention) => mention.figure));
  document.drawings.forEach((drawing, item) => {
    if (mentioned.has(item + 1)) return;
    findings.push({ check: 'figures', severity: 'warning', section: 'drawings', item, text: drawing.description || drawing.fileName, key: 'checks.figures.unmentioned', values: { figure: item + 1 } });
  });
  return findings;
}
