// bench/search-keyword-bigrams: what a Japanese or Chinese keyword finds when it is searched by its
// words alone (before) and by its words and the bigrams of what they leave out (after:
// analysis/keyword-bigrams.ts), on the loaded demo corpus, read only. For each keyword: hits, the
// hits that write the keyword itself (width-folded, in title, abstract, claims or description),
// the share they make, and the hits that write it which the new query loses (must be 0).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hatsumei_pages npx tsx bench/search-keyword-bigrams.ts
//
// 2026-11-28, demo corpus (447 JP, 7,207 US, 6,005 CN records). Before = the keyword's words
// ANDed anywhere in the document; after = written as it is, or its words in a row, with the bigrams
// of what its words leave out (keyword-bigrams.ts keywordTsquery):
//
//   keyword          hits before → after   writing it (before → after)   lost
//   二次電池               27 → 9               9 → 9                       0
//   一次側                243 → 1               0 → 0 (written 1次側)       0
//   回転軸                115 → 28             28 → 28                      0
//   制御部                179 → 61             61 → 61                      0
//   従来技術              189 → 39             32 → 32 (7 write 「従来の技術」) 0
//   画像形成装置           90 → 6               6 → 6                       0
//   実施形態              277 → 250           175 → 175 (「実施するための形態」) 0
//   制御装置              159 → 45             43 → 43                      0
//   控制部 (cn)            49 → 27             25 → 27 (部 was a word)      0
//   all 29 keywords     2,413 → 927, writing the keyword 32.5 % → 84.9 % of hits; lost 0
//
// A count query costs 1–13 ms instead of 1–4 (the phrase branch rechecks positions).
//
// 2026-11-28, with description segments (a copy of the demo store, its 156 long records written
// again): the phrase branch also matches past position 16,383 of a long description
// (segments-repository.ts tailMatchSql), 927 → 937 hits, none lost: 従来技術 39 → 41 (+JP2011171723A,
// whose 「従来の技術」 is at character 90,959), 制御装置 45 → 48, リチウムイオン二次電池 5 → 7, 記憶媒体 22 → 24,
// 実施形態 250 → 251; the keywords without a phrase branch are unchanged.
//
// 2026-11-28, keywords joining Latin letters and kanji or kana (USBメモリ, LED照明, X線, ICチップ …,
// 11 of them added to the list) matched as their words in a row only (keyword-bigrams.ts
// SCRIPT_JUNCTION): no bigram spans the two scripts, so "written as it is" had been their words
// anywhere. All 39 keywords: 1,094 → 966 hits, writing the keyword 78.2 → 86.9 %; with the
// segments 1,104 → 990, losing 2 hits that write it, both a section line (「Ｘ−Ｘ線断面図」,
// 「ＸＸＸＩＸ−ＸＸＸＩＸ線」), not an X-ray. USBメモリ 15 → 1 (1 writes it), LED照明 17 → 1 (1),
// ICチップ 23 → 10 (10, 6 of them through the segments), ICカード 20 → 9 (9), LED素子 23 → 1 (1),
// SiC基板 5 → 1 (1), Wi-Fi通信 6 → 0 (none writes it).
// Then the last word as a prefix (LED灯 of 「LED灯组」: jieba reads led, 灯组; it was lost): 966 → 967
// hits, 840 writing the keyword (86.9 %), Ｘ線 33 → 34, with the segments 991, losing the same 2; on
// 中国 LED灯 1 → 2 (both write it), USB接口 2, PCB板 4, LED光源 2 (all writing it).

import { analyzeField, normalizeText, toTsqueryText } from '../src/patents/analysis/index.ts';
import type { Region } from '../src/patents/record.ts';
import { tailMatchSql } from '../src/patents/segments-repository.ts';
import { termQueries } from '../src/search/service.ts';
import { readOnlyDatabase } from './lib/server.ts';

const KEYWORDS: Array<[string, Region]> = [
  ['二次電池', 'jp'], ['一次側', 'jp'], ['回転軸', 'jp'], ['制御部', 'jp'], ['安全性', 'jp'], ['変形例', 'jp'],
  ['表示部', 'jp'], ['耐熱性', 'jp'], ['駆動部', 'jp'], ['第二次', 'jp'], ['遊技機', 'jp'], ['取り付け部', 'jp'],
  ['従来技術', 'jp'], ['画像形成装置', 'jp'], ['半導体', 'jp'], ['リチウムイオン二次電池', 'jp'],
  ['情報処理装置', 'jp'], ['表示装置', 'jp'], ['半導体装置', 'jp'], ['実施形態', 'jp'], ['電子機器', 'jp'], ['制御装置', 'jp'],
  ['記憶媒体', 'jp'], ['光源装置', 'jp'], ['USBメモリ', 'jp'],
  ['LED照明', 'jp'], ['ICカード', 'jp'], ['Ｘ線', 'jp'], ['CPU使用率', 'jp'], ['pH調整剤', 'jp'], ['SiC基板', 'jp'], ['Wi-Fi通信', 'jp'], ['LED素子', 'jp'], ['ICチップ', 'jp'], ['USBケーブル', 'jp'],
  ['一次侧', 'cn'], ['二次电池', 'cn'], ['控制部', 'cn'], ['锂离子电池', 'cn'],
];

const db = readOnlyDatabase();
const fold = (text: string) => normalizeText(text).replace(/\s+/g, '');
async function hits(tsquery: string, region: Region, match = { sql: 'tsv_all @@ ?::tsquery', bindings: [tsquery] as unknown[] }): Promise<Map<string, string>> {
  const rows = await db('patents')
    .select('id', db.raw("concat_ws(' ', title, abstract, claims::text, description) AS text"))
    .whereRaw(match.sql, match.bindings as never[])
    .andWhere({ region });
  return new Map(rows.map((row: { id: string; text: string }) => [row.id, fold(row.text)]));
}

console.log('keyword                 region  before: hits  writing it  share   | after: hits  writing it  share   | lost | with segments: hits');
const totals = { before: 0, beforeLiteral: 0, after: 0, afterLiteral: 0, lost: 0, segments: 0, lostAfterSegments: 0 };
for (const [keyword, region] of KEYWORDS) {
  const words = await analyzeField(keyword, region, { bigrams: false });
  const before = await hits(`(${toTsqueryText(words, '&')})`, region);
  const term = (await termQueries(keyword, region))!;
  const after = await hits(term.match, region);
  // As the search runs it: a phrase branch also matched in long descriptions' segments (description-segments.ts).
  const withSegments = term.phrase ? await hits(term.match, region, tailMatchSql(term.match, { groups: [[term]], excluded: [] })) : after;
  const wanted = fold(keyword);
  const literal = (found: Map<string, string>) => [...found].filter(([, text]) => text.includes(wanted)).map(([id]) => id);
  const beforeLiteral = literal(before);
  const afterLiteral = literal(after);
  const lost = beforeLiteral.filter((id) => !after.has(id));
  // What the search as it runs (with the segments) loses of the hits that write the keyword.
  const lostAfterSegments = beforeLiteral.filter((id) => !withSegments.has(id));
  totals.lostAfterSegments += lostAfterSegments.length;
  const share = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(0)} %` : '–').padStart(6);
  console.log(
    `${keyword.padEnd(20 - [...keyword].length + keyword.length / 2)}  ${region}      ${String(before.size).padStart(5)}  ${String(beforeLiteral.length).padStart(10)}  ${share(beforeLiteral.length, before.size)}  |       ${String(after.size).padStart(5)}  ${String(afterLiteral.length).padStart(10)}  ${share(afterLiteral.length, after.size)}  | ${lost.length}${lost.length ? ` (${lost.slice(0, 3).join(', ')})` : ''} | ${withSegments.size}${withSegments.size > after.size ? ` (+${withSegments.size - after.size}: ${[...withSegments.keys()].filter((id) => !after.has(id)).slice(0, 3).join(', ')})` : ''}${lostAfterSegments.length ? `, losing ${lostAfterSegments.join(', ')}` : ''}`,
  );
  totals.before += before.size;
  totals.beforeLiteral += beforeLiteral.length;
  totals.after += after.size;
  totals.afterLiteral += afterLiteral.length;
  totals.lost += lost.length;
  totals.segments += withSegments.size;
}
console.log(`all: before ${totals.before} hits, ${totals.beforeLiteral} writing the keyword (${((100 * totals.beforeLiteral) / totals.before).toFixed(1)} %); after ${totals.after}, ${totals.afterLiteral} (${((100 * totals.afterLiteral) / totals.after).toFixed(1)} %); lost ${totals.lost}; with segments ${totals.segments}, losing ${totals.lostAfterSegments}`);
await db.destroy();
