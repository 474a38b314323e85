// Drafting checks, antecedent basis: errors planted in the real claims of test/helpers/drafting-checks.ts, each found at its
// place; real claims whose terms were introduced; claims written for the test.
import { checkJapaneseAntecedents } from '../../src/patent-documents/checks/antecedent-ja.ts';
import { jpDocument, jpRecords, newFindings, of, readUsRecordBeforeAll, testWithCorpus, usDocument, where } from '../helpers/drafting-checks.ts';
import { documentFromJpGazette } from '../helpers/patent-document.ts';

readUsRecordBeforeAll();

describe('antecedent basis', () => {
  // Reported where the term first dangles: claim 7 depends on claim 6, which already names it.
  testWithCorpus('ja: claim 1 no longer introduces 一対のガイド板, so 「上記一対のガイド板」 of claim 6 dangles', async () => {
    const document = jpDocument();
    const planted = structuredClone(document);
    expect(planted.sections.claims[0]).toContain('着脱自在な一対のガイド板とを備えた');
    planted.sections.claims[0] = planted.sections.claims[0]!.replace('着脱自在な一対のガイド板とを備えた', '着脱自在な部材とを備えた');
    const found = of(await newFindings(document, planted), 'antecedent');
    expect(found.map(where)).toEqual([
      { check: 'antecedent', section: 'claims', item: 5, text: '上記一対のガイド板', key: 'checks.antecedent' },
    ]);
    expect(found[0]!.values).toEqual({ claim: 6, term: '一対のガイド板' });
  });

  testWithCorpus('ja: 「前記X」 in a claim that depends on nothing any more', async () => {
    const document = jpDocument();
    const planted = structuredClone(document);
    // Claim 2 made independent: its 「上記第１および第２の境界線」 lost claim 1, where 境界線 was introduced.
    planted.sections.claims[1] = planted.sections.claims[1]!.replace('請求項１記載のバリカン式刈刃装置において、', '');
    const found = of(await newFindings(document, planted), 'antecedent');
    expect(found.map((finding) => finding.text)).toContain('上記第１および第２の境界線');
    expect(found.every((finding) => finding.item === 1)).toBe(true);
  });

  testWithCorpus('ja: real claims whose terms were introduced: an amount, a place or an address after the term, an ordinal with a suffix, 及び after a verb\'s stem', async () => {
    // JP2013197100A 「前記無機化合物１００質量部を基準に」, JP2014142390A 「第１基材と、前記第１基材の上に」, JP2014037831A 「前記出口近傍の」,
    // JP2017167716A 「前記通信アドレス宛に」: each term is in the claim or a claim it depends on.
    const claimsOf = (id: string) => documentFromJpGazette(jpRecords!.find((record) => record.id === id)!).sections.claims;
    const terms = async (id: string) => (await checkJapaneseAntecedents(claimsOf(id))).map((finding) => finding.values.term);
    expect(claimsOf('JP2013197100A').some((claim) => claim.includes('前記無機化合物１００質量部'))).toBe(true);
    expect(await terms('JP2013197100A')).not.toContain('無機化合物１００質量部');
    expect(await terms('JP2014142390A')).not.toContain('第１基材の上');
    expect(await terms('JP2014037831A')).not.toContain('出口近傍');
    expect(await terms('JP2017167716A')).not.toContain('通信アドレス宛');
    // Terms that were not introduced are still told: 「前記メッキ皮膜」 after 「ニッケルメッキ被膜」 (JP2010003711A, a real slip).
    expect(await terms('JP2010003711A')).toContain('メッキ皮膜');
  });

  test('ja: 「上記読取手段及び上記選択手段」 after both were introduced; an amount after a term never introduced is still told', async () => {
    const claims = ['読取手段と、選択手段と、上記読取手段及び上記選択手段を制御する制御部とを備える装置。', '請求項１に記載の装置において、前記樹脂１００質量部に対して前記無機粒子を含む装置。'];
    expect((await checkJapaneseAntecedents(claims)).map((finding) => [finding.item, finding.values.term])).toEqual([
      [1, '樹脂１００質量部'],
      [1, '無機粒子'],
    ]);
  });

  testWithCorpus('en: "the cover" without "a cover" before it', async () => {
    const document = usDocument();
    const planted = structuredClone(document);
    expect(planted.sections.claims[2]).toContain('the housing comprises a cover and a base, the cover secured to the base');
    planted.sections.claims[2] = planted.sections.claims[2]!.replace('comprises a cover and a base', 'comprises a base');
    const found = of(await newFindings(document, planted), 'antecedent');
    expect(found.map(where)).toEqual([{ check: 'antecedent', section: 'claims', item: 2, text: 'the cover', key: 'checks.antecedent' }]);
    expect(found[0]!.values).toEqual({ claim: 3, term: 'cover' });
  });
});
