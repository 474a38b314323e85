// The drafter without GPT read as a patent attorney reads a draft: what a claim writes inside 〔〕 (a formula's 〔式中、…〕) is
// its own note, which the problem and the effect quote as the claim writes it. The records are read from ../shared/corpus.
import { corpusTests } from '../helpers/corpus.ts';
import { recordDrafts } from '../helpers/draft-input.ts';

const { test: corpusTest, available } = corpusTests('jp-fulltext.jsonl.gz');

const jpDraft = recordDrafts('jp-fulltext.jsonl.gz', ['JP2016531902A'], available, 'ja');

corpusTest('a topic inside 〔式中、…〕 stays a topic when the clause modifies the thing (JP2016531902A: 「〔式中、Ｒ１は、…を表し；及び、Ｒ２は、…〕」)', async () => {
  const { issue, effect } = await jpDraft('JP2016531902A');
  for (const section of [issue, effect]) {
    expect(section).toContain('〔式中、Ｒ１は、メチル基又はハロゲンを表し、及び、Ｒ２は、メチル基又はハロゲンを表し、');
    expect(section).not.toContain('Ｒ１が');
  }
});
