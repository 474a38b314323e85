// Reference signs and figures: each used in the text must be listed (signs in 【符号の説明】,
// figures as drawings), and each listed one used. Signs are checked only when the document has
// a list at all (JPO and US practice do not require one); a sign is a number right after a noun
// (「正極１０」「正極１０ａ」 / "electrode 10", "10a"), not a figure, claim, cited document, quantity or unit.
// A sign written after the name the list gives another sign (「第１駆動体１６」 where 15 is 第１駆動体 and 16 第２駆動体) is
// reported too: published gazettes hold such slips (bench/drafting-checks.ts reads them).
import { TEXT_SECTIONS, type PatentDocument, type PatentSections } from '../model.ts';
import { DOMINANT, severalSigns } from './sign-names.ts';
import { baseSign, listedName, listedNames, nameKey, namesMeet, REFERRING, signKey, type Use } from './signs.ts';
import { halfWidth, type DraftingFinding } from './types.ts';

// A sign may be followed by 及び／並びに／又は and by where (「電極１０上に」, 「保護層３０内に」, 「１０側」, 「１０間」), not by another kanji (「１０分」,
// 「２枚」), a unit or operator (「１０μｍ」, 「１×１０２０」, 「３：７」, 「２０１０－０３７３５４」) or a counter (「２つ」); 「回路１０＿１」 is sign 10's first
// (「薄膜トランジスタ５６０３＿１〜５６０３＿ｋ」, JP2011054946A).
// Read so (2026-11-29), bench/drafting-checks.ts: planted slips of otherNames found 84.4 → 88.9 % (tuning), 94.7 → 100 % (report);
// sign findings a real gazette 28.83 → 28.77 (tuning), 20.27 → 20.34 (report); unlisted and unused recall unchanged.
// A comma is no thousands separator before one or two digits or a sign with a letter: 「従動ローラー２１，２２」 lists 21 and 22
// (22 was told unused, JP2020199710A), unless the list ends in a hyphen, a chemical name's locants (「１，４−ジオキサン」).
// bench/drafting-checks.ts (2026-11-29): sign findings a real gazette 3.13 → 3.17 (tuning: unlisted signs of 「開閉部材７ａ，７ａ」 in
// partial lists, each read true), 3.39 → 3.36 (report); planted unlisted found 93.6 % (tuning, unchanged), 95.3 → 97.7 % (report).
// Nor is a sign followed by a Greek letter (「回折角２θ」, JP2014143408A) or by a space and a letter, the corpus's space inside a sign
// (「ベース部材６８ ｂ１」 read 68 after the wrong name, JP2019010220A).
// With the readings of numbered items, products, grams and 当初／同様 below (bench/drafting-checks.ts, 2026-11-29): sign findings a real
// gazette 3.17 → 3.06 (tuning: 15 fewer, numbered items 10 net, products 2, 当初２Ｒ／同様３Ｒ 2, the space 1), 3.36 → 3.31 (report: 7
// fewer, numbered items 2 net, products 2, grams 3, the space 2 otherName, and 2 unused more where the bench misreads a list written
// 「２…第２層」); planted unlisted found 93.6 % (tuning, unchanged), 97.7 → 95.3 % (report: JP2015156210A lists 1 光透過性導電材料 and
// numbers its samples 「光透過性導電材料２」…: planted unlisted, 1 reads as their first); otherName 88.9 / 100 %, severalSigns 95.7 /
// 91.8 % unchanged (severalSigns 90.3 % on tuning before a part written with 2 throughout and 1 once was kept from numbered items).
const SIGN = "[0-9０-９]{1,4}[a-zａ-ｚA-ZＡ-Ｚ]?['’]?";
const AFTER_SIGN = "(?![ 　][0-9０-９a-zａ-ｚA-ZＡ-Ｚ])(?![,，](?![0-9０-９]{1,2}(?![0-9０-９])|[0-9０-９]{1,4}[a-zａ-ｚA-ZＡ-Ｚ]))(?![,，](?:[0-9０-９]{1,2}['’]?[,，])*[0-9０-９]{1,2}['’]?[−－\\-‐])(?![0-9０-９a-zａ-ｚA-ZＡ-Ｚ.．%％℃°µ／/×：:－\\-‐つ］\\]\\p{Script=Katakana}\\p{Script=Greek}]|(?![及並又上内側間])\\p{Script=Han})";
// The name: a run of kanji and katakana, or letters a list names parts by (「ＣＰＵ１０３」, 「天枠飾りＬＥＤ２１」).
const JA_SIGN = new RegExp(`((?:[\\p{Script=Han}\\p{Script=Katakana}ー]{0,12}[Ａ-Ｚ]{2,6})|[\\p{Script=Han}\\p{Script=Katakana}ー]{1,12})(${SIGN})${AFTER_SIGN}`, 'gu');
// 「シート部（２）に首紐部（３）」 (utility models, JP3214781U) and claims 「筐体（１０）と」.
const JA_BRACKETED_SIGN = new RegExp(`([\\p{Script=Han}\\p{Script=Katakana}ー]{1,12})[（(](${SIGN}(?:[、，,]${SIGN})*)[）)]`, 'gu');
const JA_NOT_SIGN = /(?:^(?:及|又|並|若|乃至|ないし)|第|図|項|表|式|例|献|約|数|各|計|全|同|号|番|倍|段|回|版|次|年|月|日|型|形態|工程|ステップ|実施|比較|参考|請求|試料|サンプル|番号|実験|条件|化学式|一般式|構造式|数式|配列番号|段落)$/u;
// Numbers of quantities, values, documents and words that refer back (「１μｍ以上１０μｍ以下」, 「ＲＦ出力３００Ｗ」, 「体積比３：７」,
// 「設定値１」, 「特開２００９－…」, 「特開平５－…」, 「上記２つの」, 「当初２Ｒ」 and 「同様３Ｒ」 rounds (JP2018027464A), 「通常１〜３」): read as
// signs, they were most of the unlisted findings on complete lists.
const JA_QUANTITY = /(?:以上|以下|未満|超|比|量|値|率|濃度|電力|出力|荷重|電圧|電流|周波数|上記|前記|当該|該|各々|(?:特開|特表|特願|特公|実開|実願|再表)[平昭]?|公開|試験法|例えば|平均|合計|当初|同様|通常|最大|最小)$/u;
const JA_MORE_SIGNS = new RegExp(`^(?:[、，,・]|及び|および|又は|または|と|～|〜)(${SIGN})${AFTER_SIGN}`, 'u');
const EN_SIGN = /\b([A-Za-z][a-z-]{2,})\s+(\d{1,4}[a-z]?'?)(?![\d.,]?\d)(?!\s*(?:mm|cm|nm|µm|um|m|km|kg|g|mg|ml|l|%|percent|degrees?|°|seconds?|minutes?|hours?|days?|times|volts?|v|w|hz|khz|mhz|ghz|psi|bar|kpa|mpa|wt|bits?|bytes?|mb|gb|to|and|or)\b)/g;
const EN_NOT_SIGN = /^(?:claims?|figs?|figures?|of|to|than|about|approximately|from|and|or|by|at|in|on|with|between|over|under|for|least|most|embodiment|example|examples|table|equation|formula|col|column|line|lines|page|paragraph|number|version|no|nos|pat|patent|year|since|step|steps|group|type|class|chapter|section|level|about|only|every|all|than|up|is|are|be|were|was|sheet|sheets)$/i;

function sectionTexts(document: PatentDocument): Array<{ section: keyof PatentSections; item?: number; text: string }> {
  const texts: Array<{ section: keyof PatentSections; item?: number; text: string }> = [];
  for (const section of TEXT_SECTIONS) if (section !== 'title' && section !== 'abstract') texts.push({ section, text: document.sections[section] });
  document.sections.claims.forEach((text, item) => texts.push({ section: 'claims', item, text }));
  return texts;
}

/**
 * Whether the words before a number make it a sign. The list has the last word: 「作業ステップ４１」, 「中間段４６」, 「ＣＰＵ１０３」 are
 * signs where the list names 41 作業ステップ, 46 中間段, 103 ＣＰＵ (JP2010017197A, JP2014037831A, JP2015123134A), though a step,
 * a stage or letters mostly are not.
 */
function isJapaneseSign(run: string, sign: string, listed: Map<string, string[]>): boolean {
  if (listed.get(sign)?.some((name) => namesMeet(name, run))) return true;
  // 「ベル０１〜ベル２１」, 「値０」: no sign is 0 or starts with it.
  if (/^0/.test(sign)) return false;
  return !JA_NOT_SIGN.test(run) && !JA_QUANTITY.test(run) && !/[Ａ-Ｚ]$/u.test(run);
}

/** A weight in grams, a decimal (「メタンスルホン酸４．２ｇ」): never a sign. */
const GRAMS = /[0-9０-９][.．][0-9０-９]+[gｇ](?![a-zａ-ｚA-ZＡ-Ｚ])/u;
/** Words that name a maker: 「…株式会社」「…社製」「（株）」「…Ｌｔｄ．製」. */
const MAKER = /社|[（(]株[）)]|[ＬL][ｔt][ｄd]|[ＩI][ｎn][ｃc][．.]|[ＣC][ｏo][ｒr][ｐp]|Ｇｍｂ?Ｈ|GmbH/u;
/** What a product is written after: its maker (「…社製の」, 「株式会社ネオス製の」) or 「商品名」, then no word of a sentence (「株式会社製の表面電位センサ（…）からなり、感光体２Ｙ」 is a part). */
const AFTER_MAKER = /(?:社[^、。\s]{0,12}製|商品名|製品名|品番|型番)の?[^\p{Script=Hiragana}。\n]{0,30}$/u;

/**
 * Whether the name and number at `index` are a product and its grade, not a part and its sign: quoted (「エピコート８２８」), after
 * its maker or 「商品名」 (「花王株式会社製のカオーセラ２０００」, 「製品名：万能型ボンドテスター、シリーズ４０００」, JP2011238596A,
 * JP2020070461A), or with its maker in the bracket that holds or follows it (「ポリエチレングリコール400(第一工業製薬社)」,
 * 「粒子径分布測定機（マスターサイザー２０００、ＭａｌｖｅｒｎＩｎｓｔｒｕｍｅｎｔｓＬｔｄ．製）」, JP2021130751A, JP2019001358A).
 */
function isProductName(text: string, index: number, length: number): boolean {
  const before = text.slice(Math.max(0, index - 40), index);
  const rest = text.slice(index + length, index + length + 60).split(/[。\n]/u)[0]!;
  // Not 「以下「特定シャッタ９３ａ」という」 (JP2022085473A), a part named so.
  if (before.endsWith('「') && rest.startsWith('」') && !rest.startsWith('」と')) return true;
  if (AFTER_MAKER.test(before)) return true;
  // The bracket it is in (an opening one before it, not closed) or the ones right after it (「」（Ｐ２０３３）（クローダ社製）」).
  const inBracket = /[（(][^（）()]*$/u.test(before);
  const brackets = /^」?((?:[（(][^（）()]*[）)])*)/u.exec(rest)![1]!;
  return MAKER.test(brackets) || (inBracket && MAKER.test(/^[^（）()]*/u.exec(rest)![0]));
}

/**
 * Items numbered from 1 under one name, no parts: 「ターゲット１がカソードとして機能し、ターゲット２がアノードとして」,
 * 「ポイント１〜ポイント４」 (JP2014143408A), 「リプレイ１Ａ、リプレイ１Ｂ、…リプレイ２」, 「出力ポート１…出力ポート９」 (JP2020028455A),
 * 「リレー１およびリレー２」 (JP2012042835A): a name written with 1, 2 and on and no other number, where the list gives none of them
 * that name. 「投入メダルセンサ３１ａ〜３ｃ」 (31c meant) is still read, the name having a sign of its own (JP2020028455A).
 */
function numberedItems(series: Map<Use, string>, listed: Map<string, string[]>): Set<Use> {
  const byName = new Map<string, Use[]>();
  for (const [use, name] of series) byName.set(nameKey(name), [...(byName.get(nameKey(name)) ?? []), use]);
  const items = new Set<Use>();
  // Without a list no sign is told unlisted, and three signs after one name are no slip (sign-names.ts): the uses stay signs,
  // another part's for a name written with one (「下肢用衣料１」「下肢用衣料２」「下肢用衣料３」 are embodiments, JP3236395U).
  if (listed.size === 0) return items;
  for (const [name, named] of byName) {
    const numbers = new Set(named.map((use) => baseSign(use.sign)));
    const runs = [...numbers].every((number) => number === '1' || numbers.has(String(Number(number) - 1)));
    if (!numbers.has('2') || !runs || named.some((use) => listed.get(use.sign)?.some((entry) => namesMeet(entry, name)))) continue;
    // Two signs, one written far more often: a part and a slip (「ガイドレール２」 throughout, 「ガイドレール１」 once), told by sign-names.ts.
    const counts = [...new Set(named.map((use) => use.sign))].map((sign) => named.filter((use) => use.sign === sign).length);
    if (counts.length === 2 && Math.max(...counts) >= DOMINANT * Math.min(...counts)) continue;
    for (const use of named) items.add(use);
  }
  return items;
}

/** The signs the text uses; `listed` is the document's listedNames (computed once per check run). */
function signUses(document: PatentDocument, listed: Map<string, string[]>): Use[] {
  const uses: Use[] = [];
  const bracketed: Array<{ match: RegExpMatchArray; section: keyof PatentSections; item?: number }> = [];
  // The name each sign is written after, later signs of a list too (「ターゲット１及び２」).
  const series = new Map<Use, string>();
  const products = new Set<string>();
  // A document that weighs in grams (「メタンスルホン酸４．２ｇ」) writes 「トルエン４００ｇ」 as an amount, not sign 400g (JP2022092439A).
  const grams = sectionTexts(document).some(({ text }) => GRAMS.test(text));
  for (const { section, item, text } of sectionTexts(document)) {
    const at = item !== undefined ? { item } : {};
    if (document.lang === 'ja') {
      for (const match of text.matchAll(JA_SIGN)) {
        const sign = signKey(match[2]!);
        // 「符号１０１は後輪を示し」 (JP2014118145A): a sign without its name.
        if (/符号$/u.test(match[1]!)) {
          uses.push({ sign, text: match[0], section, ...at });
          continue;
        }
        // 「第１駆動体１６」: the run of kanji starts after the ordinal's digit, which is part of the name.
        const ordinal = /第[0-9０-９]{1,2}の?$/u.exec(text.slice(Math.max(0, match.index! - 4), match.index!))?.[0] ?? '';
        if (!isJapaneseSign(`${ordinal}${match[1]}`, sign, listed) && !isJapaneseSign(match[1]!, sign, listed)) continue;
        // 「トルエン４００ｇ」 in a document that weighs in grams: an amount (JP2022092439A).
        if (grams && /[gｇ]$/u.test(match[2]!) && !listed.get(sign)?.some((name) => namesMeet(name, match[1]!))) continue;
        // 「ベル０１〜ベル２１」 (JP2016019681A): the end of a range of numbers, not signs.
        if (/[0０][0-9０-９]*[〜～~]$/u.test(text.slice(Math.max(0, match.index! - 6), match.index!))) continue;
        let rest = text.slice(match.index! + match[0].length);
        // 「平均粒径１５〜２０μｍ」: a range of quantities.
        if (/^[〜～~][0-9０-９]/u.test(rest) && !JA_MORE_SIGNS.test(rest)) continue;
        const first: Use = { sign, text: `${ordinal}${match[0]}`, name: `${ordinal}${match[1]}`, section, ...at };
        uses.push(first);
        const name = `${ordinal}${match[1]}`.replace(REFERRING, '');
        series.set(first, name);
        // 「ディスパロン１７５１Ｎ」 after 「楠本化成株式会社製の」, 「カプトン２００Ｈ」（東レ・デュポン社製）: a product and its grade, here and
        // wherever the text names it again.
        if (isProductName(text, match.index!, match[0].length) && !listed.get(sign)?.some((listedName) => namesMeet(listedName, name))) products.add(`${nameKey(name)} ${sign}`);
        // 「連結部２０３ａ，２０４ａ」「ロール１４、１５及び１６」: the signs listed after the first. Their name is no one sign's
        // (「入口又は出口ポート２４、２６」, JP2012145109A).
        if (JA_MORE_SIGNS.test(rest)) delete first.name;
        for (let next = JA_MORE_SIGNS.exec(rest); next; next = JA_MORE_SIGNS.exec(rest)) {
          const later: Use = { sign: signKey(next[1]!), text: `${match[0]}${next[0]}`, section, ...at };
          uses.push(later);
          series.set(later, name);
          rest = rest.slice(next[0].length);
        }
      }
      bracketed.push(...[...text.matchAll(JA_BRACKETED_SIGN)].map((match) => ({ match, section, ...at })));
    } else {
      for (const match of text.matchAll(EN_SIGN)) {
        if (EN_NOT_SIGN.test(match[1]!)) continue;
        uses.push({ sign: signKey(match[2]!), text: match[0], name: match[1]!.toLowerCase(), section, ...at });
      }
    }
  }
  const items = numberedItems(series, listed);
  const product = (use: Use) => series.has(use) && products.has(`${nameKey(series.get(use)!)} ${use.sign}`);
  const signs = uses.filter((use) => !items.has(use) && !product(use));
  // Bracketed numbers are signs in a document that writes its signs so: where at least half of them are listed after their name
  // (JP3214781U), not where they count rounds or seconds 「ラウンド（１０Ｒ）」「秒（９Ｓ）」 or number reactions 「反応（１）」 (JP2014111763A).
  const named = bracketed.filter(({ match }) => listed.get(signKey(match[2]!.split(/[、，,]/u)[0]!))?.some((name) => namesMeet(name, match[1]!)));
  for (const { match, section, item } of named.length * 2 >= bracketed.length ? bracketed : named) {
    const bracketedSigns = match[2]!.split(/[、，,]/u).map(signKey);
    if (!isJapaneseSign(match[1]!, bracketedSigns[0]!, listed)) continue;
    bracketedSigns.forEach((sign, k) => signs.push({ sign, text: match[0], ...(bracketedSigns.length === 1 && k === 0 && { name: match[1]! }), section, ...(item !== undefined && { item }) }));
  }
  return signs;
}

/** Below this share of the signs the text uses, a list names the main parts only (bench/drafting-checks.ts, half A: such lists cover 0–51 %, complete ones 63–100 %). */
// With it and the readings above (2026-11-29), sign findings a real gazette 28.77 → 2.67 (tuning), 20.34 → 3.06 (report), the listed
// sign removed still told 95.7 → 93.6 % (tuning), 97.7 → 95.3 % (report): the one lost, 「ガラス基板１０」 where the list keeps
// 「１０Ａ、１０Ｂ、１０Ｃ ガラス基板」, is the group by its number.
const PARTIAL_LIST = 0.6;
const PARTIAL_SHOWN = 10;
/** Listed signs this close on both sides make an unlisted one amid them (「１２」「１４」 around 「１３」). */
const AMID = 4;

export function checkSigns(document: PatentDocument): DraftingFinding[] {
  const listed = document.sections.symbol_descriptions;
  // Read once, for the uses, the group names and severalSigns alike.
  const names = listedNames(document);
  // Without a list (JPO and US practice do not require one) a name written with another part's sign is still told.
  if (listed.length === 0) return severalSigns(document, signUses(document, names), [], names);
  const findings: DraftingFinding[] = [];
  const listedKeys = new Set(listed.map((entry) => signKey(entry.sign)));
  const listedBases = new Set([...listedKeys].map(baseSign));
  const uses = signUses(document, names);
  // 「チェンバー２」 where the list has 「２Ａ チェンバー」 and 「２Ｂ チェンバー」: the group by its number, under their name.
  const groupNamed = (use: Use) =>
    baseSign(use.sign) === use.sign && !!use.name && [...names].some(([sign, listedNames]) => sign !== use.sign && baseSign(sign) === use.sign && listedNames.some((name) => namesMeet(name, use.name!)));
  const isListed = (use: Use) => listedKeys.has(use.sign) || groupNamed(use);
  const used = new Set(uses.map((use) => use.sign));
  const unlisted = new Map<string, Use>();
  // The background describes known art by its own figures' signs (「図９に示すような従来技術…踏板３０」, JP2021134584A): not the list's.
  for (const use of uses) if (use.section !== 'background' && !isListed(use) && !unlisted.has(use.sign)) unlisted.set(use.sign, use);
  // A list that names the main parts only (「主要部分の符号の説明」, pachinko gazettes listing 50 of 1,314 signs, JP2018027464A): its
  // unlisted signs are the applicant's choice, told once, not sign by sign. A sign the claims or the summary (method) use is a main
  // part, and still told by itself.
  const partial = unlisted.size >= 5 && used.size - unlisted.size < PARTIAL_LIST * used.size;
  const main = new Set(uses.filter((use) => use.section === 'claims' || use.section === 'method').map((use) => use.sign));
  // A sign amid listed ones is a slip even so: 13 where 12 and 14 are listed (JP2010000001A lists 11–16, 31–34 of its first
  // embodiment and none of the 200s of its second).
  const bases = [...listedBases].map((sign) => Number.parseInt(sign, 10)).filter(Number.isFinite).sort((a, b) => a - b);
  const amid = (sign: string) => {
    const n = Number.parseInt(sign, 10);
    const below = bases.filter((b) => b <= n).at(-1);
    const above = bases.find((b) => b >= n && !(b === n && baseSign(sign) === sign));
    // 「パチンコ機１」, 「システム１００」: the head of a series whose parts (2…, 101…) are listed.
    const head = n === 1 || n % 10 === 0;
    return above !== undefined && ((below !== undefined && above - below <= AMID) || (head && above - n <= AMID));
  };
  for (const sign of unlisted.keys()) if (partial && amid(sign)) main.add(sign);
  for (const use of unlisted.values()) {
    if (partial && !main.has(use.sign)) continue;
    findings.push({ check: 'signs', severity: 'warning', section: use.section, ...(use.item !== undefined && { item: use.item }), text: use.text, key: 'checks.signs.unlisted', values: { sign: use.sign } });
  }
  const others = [...unlisted.values()].filter((use) => !main.has(use.sign));
  if (partial && others.length > 0) {
    const first = others[0]!;
    // The most used first: the parts an attorney may still want listed.
    const count = new Map<string, number>();
    for (const use of uses) count.set(use.sign, (count.get(use.sign) ?? 0) + 1);
    others.sort((a, b) => count.get(b.sign)! - count.get(a.sign)!);
    const signs = others.slice(0, PARTIAL_SHOWN).map((use) => use.sign).join(document.lang === 'ja' ? '、' : ', ') + (others.length > PARTIAL_SHOWN ? '…' : '');
    findings.push({ check: 'signs', severity: 'warning', section: first.section, ...(first.item !== undefined && { item: first.item }), text: first.text, key: 'checks.signs.partialList', values: { count: others.length, used: used.size, signs } });
  }
  const usedBases = new Set([...used].map(baseSign));
  listed.forEach((entry, item) => {
    const key = signKey(entry.sign);
    if (used.has(key) || (baseSign(key) === key && usedBases.has(key))) return;
    findings.push({ check: 'signs', severity: 'warning', section: 'symbol_descriptions', item, text: `${entry.sign} ${entry.name}`.trim(), key: 'checks.signs.unused', values: { sign: entry.sign, name: entry.name } });
  });
  const slips = otherNames(document, uses);
  findings.push(...slips, ...severalSigns(document, uses, slips, names));
  return findings;
}

/** "nodes" and "node" alike ("each reference node 10 of the plurality of reference nodes 10", US8421615B2). */
const singular = (word: string): string => word.replace(/(?<=[^s])s$/, '');

/**
 * A sign written after the name the list gives another sign: 「第２刈刃体１４および第１駆動体１６の軸線」 (JP2010000001A, where 15 is
 * 第１駆動体 and 16 第２駆動体), 「交流電源１４０…電源制御部１４０は」 (JP2014077998A, 電源制御部 being 200). Only a name the list holds
 * exactly counts (「上皿側液晶表示装置」 is not 液晶表示装置, nor 「本体枠」 a 扉枠 after 「本」): in English, the one word before the
 * sign is a listed name's last word ("lever 10" when the list has "20 lever" and 10 is a housing), where only one listed name ends
 * so ("first housing 10", "second housing 12": either). One finding per sign and name.
 * bench/drafting-checks.ts on the real gazettes (2026-11-29): tuning half 22 findings in 136 documents, 16 of them slips as read
 * (「回収部７」 for 回収部６, 「カメラ１０３」 where 103 is the touch screen, …); report half 36 in 139 (0.26 a document), most slips or a
 * list that disagrees with the text (JP2015144651A lists 3 扉枠, 4 本体枠 and writes 「扉枠５」, 「本体枠３」 throughout); the false
 * ones are a sample's number (「実施例２…光透過性導電材料２を得た」), spaces inside the corpus's numbers and the bench's own reading of
 * irregular lists. Planted slips found: 88.9 % (40/45) tuning, 100 % (38/38) report (84.4 / 94.7 % before a sign followed by
 * 及／上／内／側／間 was read as one, JA_SIGN). A katakana name with or without its final ー is one (「ロータ２０３」 where the list has
 * 「２０２ ローター」 and 203 is the output shaft: nameKey; JP2012156493A writes ロータ, its list ローター); no finding on the real
 * texts changed by it (2026-11-29).
 */
function otherNames(document: PatentDocument, uses: Use[]): DraftingFinding[] {
  const signsOfName = new Map<string, Set<string>>();
  const namesOfSign = new Map<string, string[]>();
  const heads = new Map<string, number>();
  for (const entry of document.sections.symbol_descriptions) {
    const name = listedName(entry.name);
    if (!name) continue;
    // 「ローラー」 listed, 「ローラ１２」 written: one name (nameKey).
    const key = document.lang === 'ja' ? nameKey(name) : singular(name.toLowerCase().split(' ').at(-1) ?? '');
    if (document.lang === 'en') heads.set(key, (heads.get(key) ?? 0) + 1);
    signsOfName.set(key, (signsOfName.get(key) ?? new Set()).add(signKey(entry.sign)));
    namesOfSign.set(signKey(entry.sign), [...(namesOfSign.get(signKey(entry.sign)) ?? []), document.lang === 'ja' ? name : name.toLowerCase()]);
  }
  const referring = /^(?:前記|上記|当該|該)+/u;
  const findings: DraftingFinding[] = [];
  const reported = new Set<string>();
  for (const use of uses) {
    const own = namesOfSign.get(use.sign);
    // The background describes known art by its own figures' signs (「図９に示すような従来技術…踏板３０」, JP2021134584A).
    if (!use.name || !own || use.section === 'background') continue;
    const written = document.lang === 'ja' ? [use.name, use.name.replace(referring, '')].find((candidate) => signsOfName.has(nameKey(candidate))) : singular(use.name);
    if (!written || (document.lang === 'en' && heads.get(written) !== 1)) continue;
    const name = document.lang === 'ja' ? nameKey(written) : written;
    const signs = signsOfName.get(name);
    if (!signs || signs.has(use.sign)) continue;
    // A name of the sign's own that ends with it, or that it ends with, is the sign's thing said short or long: 「チェンバー２Ｂ」 for
    // 「２Ｂ 下流側のチェンバー」 (JP2011213351A, with 「２ チェンバー」), 「コンバータ９６３６」 for 「ＤＣＤＣコンバータ」.
    if (own.some((listed) => (document.lang === 'ja' ? namesMeet(listed, written) : listed.split(' ').map(singular).includes(name)))) continue;
    if (reported.has(`${use.sign} ${name}`)) continue;
    reported.add(`${use.sign} ${name}`);
    findings.push({
      check: 'signs',
      severity: 'warning',
      section: use.section,
      ...(use.item !== undefined && { item: use.item }),
      text: use.text,
      key: 'checks.signs.otherName',
      values: { sign: use.sign, name: written, listed: own.join(document.lang === 'ja' ? '、' : ', '), signs: [...signs].join(document.lang === 'ja' ? '、' : ', ') },
    });
  }
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
