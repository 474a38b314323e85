// Drafting checks, figures: a figure the text mentions without its drawing, and a drawing no text mentions, planted in the
// real documents of test/helpers/drafting-checks.ts.
import { jpDocument, newFindings, readUsRecordBeforeAll, testWithCorpus, usDocument, where } from '../helpers/drafting-checks.ts';

readUsRecordBeforeAll();

describe('figures', () => {
  testWithCorpus('ja: 図２２ without its drawing; a drawing no text mentions', async () => {
    const document = jpDocument();
    const missing = structuredClone(document);
    missing.drawings.pop();
    const found = await newFindings(document, missing);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ check: 'figures', severity: 'warning', key: 'checks.figures.missing', values: { figure: 22, drawings: 21 } });
    expect(found[0]!.text).toMatch(/^図２２/);
    expect(missing.sections[found[0]!.section as 'embodiment']).toContain(found[0]!.text);

    const extra = structuredClone(document);
    extra.drawings.push({ ...extra.drawings[0]!, id: 'drawing-23', description: '追加の図' });
    expect((await newFindings(document, extra)).map(where)).toEqual([{ check: 'figures', section: 'drawings', item: 22, text: '追加の図', key: 'checks.figures.unmentioned' }]);
  });

  testWithCorpus('en: FIG. 8 without its drawing', async () => {
    const document = usDocument();
    const missing = structuredClone(document);
    missing.drawings.pop();
    const found = await newFindings(document, missing);
    expect(found.map((finding) => [finding.check, finding.key, finding.values.figure])).toEqual([['figures', 'checks.figures.missing', 8]]);
    expect(found[0]!.text).toMatch(/^FIGS?\. (?:\d+,? (?:and )?)*8$/);
  });
});
