// The remembering translate function every page renders with must answer exactly what i18next
// answers, whatever was asked before: plain keys, namespaces, interpolated values, plurals.
import { createI18n, fixedTranslator } from '../../src/platform/i18n.ts';

test('answers as i18next does, for the same and for changed values, in both languages', async () => {
  const instance = await createI18n();
  for (const language of ['ja', 'en'] as const) {
    const remembering = fixedTranslator(instance, language);
    const reference = instance.getFixedT(language);
    const asks: Array<[string, Record<string, unknown>?]> = [
      ['search.title', { ns: 'search' }],
      ['search.hits', { ns: 'search', count: 1, shown: '1' }],
      ['search.hits', { ns: 'search', count: 2935, shown: '2,935' }],
      ['search.hits', { ns: 'search', count: 1, shown: '1' }],
      ['search.pageOf', { ns: 'search', page: 2, pages: 59 }],
      ['search.pageOf', { ns: 'search', page: 3, pages: 59 }],
      ['brand'],
      ['brand', {}],
      ['search.kinds.patent', { ns: ['search'] }],
      ['errors.E073', { ns: 'errors', defaultValue: 'x', lng: language }],
    ];
    // Twice: the second round is answered from what was remembered.
    for (let round = 0; round < 2; round++) {
      for (const [key, options] of asks) {
        expect([language, key, options, remembering(key, options as never)]).toEqual([language, key, options, reference(key, options as never)]);
      }
    }
  }
  const en = fixedTranslator(instance, 'en');
  // Plural forms follow the count, not what the key answered first.
  expect(en('search.hits', { ns: 'search', count: 1, shown: 'n' })).toBe('n hit');
  expect(en('search.hits', { ns: 'search', count: 2, shown: 'n' })).toBe('n hits');
});
