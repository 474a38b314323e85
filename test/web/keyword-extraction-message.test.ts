// The message after 「キーワードを抽出」 when none of the keywords occurs in the chosen region's
// documents. Seen on /detail-search/build-query: English subject matter with 対象国 日本 gave eight
// English keywords, each 「0件」, and the message 「キーワードを8件抽出しました。」 — nothing said
// that the Japanese gazettes cannot hold them.
import { readFileSync } from 'node:fs';
import type { Keyword } from '../../src/detail-search/input.ts';
import { extractedMessage } from '../../islands/formula-builder/keywords.ts';

const strings = (lang: 'ja' | 'en') => JSON.parse(readFileSync(`locales/${lang}/islands-builder.json`, 'utf8')).formulaBuilder;
/** The island's translate over the locale file, as the page gives it. */
const translate = (lang: 'ja' | 'en') => (key: string, values: Record<string, unknown> = {}) => {
  const text = key.split('.').slice(1).reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings(lang));
  if (typeof text !== 'string') return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

const keyword = (word: string, hitCount: number | null): Keyword => ({ keywordId: word, keyword: word, hitCount, origin: 'auto', isDisabled: false, isRemoved: false, synonyms: [] });

test('keywords none of which the region holds: the message says so and names the region', () => {
  const ja = extractedMessage(translate('ja'), [keyword('aluminium foil', 0), keyword('current collector', 0)], 'jp');
  expect(ja).toContain('2件抽出しました');
  expect(ja).toContain('日本（JP）');
  expect(ja).toContain('見つかりません');
  const en = extractedMessage(translate('en'), [keyword('アルミニウム箔', 0)], 'us');
  expect(en).toContain('United States (US)');
});

test('keywords the region holds, or not counted: the plain message', () => {
  expect(extractedMessage(translate('ja'), [keyword('アルミニウム箔', 4), keyword('網状', 0)], 'jp')).toBe('キーワードを2件抽出しました。');
  expect(extractedMessage(translate('ja'), [keyword('アルミニウム箔', null)], 'jp')).toBe('キーワードを1件抽出しました。');
  expect(extractedMessage(translate('ja'), [], 'jp')).toBe(strings('ja').keywords.extractedNone);
});
