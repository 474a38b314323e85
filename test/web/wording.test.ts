// Wording a patent attorney reads: English counts in singular and plural (i18next plural forms,
// no "(s)"), and help texts that say what values mean instead of quoting internal codes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createI18n } from '../../src/platform/i18n.ts';
import { parseFormula } from '../../src/patents/query/formula.ts';

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

test('no English message writes a plural as "(s)"', () => {
  for (const file of readdirSync('locales/en')) {
    for (const text of strings(JSON.parse(readFileSync(path.join('locales/en', file), 'utf8')))) expect(text).not.toMatch(/\w\((s|es)\)/);
  }
});

test('counts read naturally in English: one claim, two claims; one formula with errors', async () => {
  const i18n = await createI18n();
  const t = i18n.getFixedT('en');
  expect(t('claimCount', { ns: 'document-details', count: 1, independent: 1 })).toBe('1 claim (1 independent)');
  expect(t('claimCount', { ns: 'document-details', count: 13, independent: 1 })).toBe('13 claims (1 independent)');
  expect(t('refersTo', { ns: 'document-details', count: 1, numbers: '1' })).toBe('Refers to claim 1');
  expect(t('refersTo', { ns: 'document-details', count: 2, numbers: '1 and 2' })).toBe('Refers to claims 1 and 2');
  expect(t('formulaBuilder.modes.invalid', { ns: 'islands-builder', count: 1 })).toBe('1 formula with errors');
  expect(t('formulaBuilder.submit.problems', { ns: 'islands-builder', count: 1 })).toBe('1 item needs fixing');
  expect(t('patentMap.summary', { ns: 'islands-map', count: 1, documents: '1', clusters: t('patentMap.clusters', { ns: 'islands-map', count: 1 }) })).toBe('1 document in 1 cluster');
  expect(t('patentMap.summary', { ns: 'islands-map', count: 40, documents: '40', clusters: t('patentMap.clusters', { ns: 'islands-map', count: 3 }) })).toBe('40 documents in 3 clusters');
  // Japanese has one form, and takes the same calls.
  const ja = i18n.getFixedT('ja');
  expect(ja('claimCount', { ns: 'document-details', count: 1, independent: 1 })).toBe('請求項の数：1（独立 1）');
  expect(ja('patentMap.summary', { ns: 'islands-map', count: 1, documents: '1', clusters: ja('patentMap.clusters', { ns: 'islands-map', count: 1 }) })).toBe('1 件の文献・1 クラスタ');
});

test('the right is explained and entered in words, not codes', () => {
  for (const language of ['ja', 'en']) {
    const note = JSON.parse(readFileSync(`locales/${language}/detail-search.json`, 'utf8'));
    for (const text of strings(note)) expect(text).not.toMatch(/right[)）]|（right）|0（|\b0 \(lapsed/);
  }
  for (const [text, value] of [['権利存続', 1], ['権利消滅', 0], ['審査中', 2], ['in force', 1], ['Lapsed', 0], ['pending', 2], ['1', 1]] as const) {
    const parsed = parseFormula(text, 'right', 'jp');
    expect(parsed.ok && parsed.node).toEqual({ type: 'right', value });
  }
  expect(parseFormula('権利存続+審査中', 'right', 'jp').ok).toBe(true);
  expect(parseFormula('実用新案', 'right', 'jp').ok).toBe(false);
  expect(parseFormula('実用新案', 'right', 'cn').ok).toBe(true);
});

test('every background job is named on the history page in both languages, not by its number', async () => {
  const { JOB_TYPES } = await import('../../src/jobs/types.ts');
  for (const language of ['ja', 'en']) {
    const names = JSON.parse(readFileSync(`locales/${language}/history.json`, 'utf8')).jobTypes as Record<string, string>;
    for (const type of Object.values(JOB_TYPES)) expect({ type, name: names[String(type)] }).toEqual({ type, name: expect.stringMatching(/\S/) });
  }
});
