// The evidence verdict on real gazettes of the demo corpus: the key-term rule (evidence.ts
// KEY_TERM_RULE) keeps a passage that names most of an element's words but not its most
// distinctive one from disclosing it, and leaves the element disclosed by its own document.
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { indexPatent } from '../../src/patents/indexing.ts';
import { forgetTermIndexes, termIndexOf } from '../../src/patents/term-index.ts';
import { createDatabase, migrateToLatest, type Database } from '../../src/platform/database.ts';
import { cutElements } from '../../src/priorart/elements.ts';
import { DISCLOSED_AT, evidenceOf, termsOfElements, type DocumentText } from '../../src/priorart/evidence.ts';
import { findPatentTexts } from '../../src/patents/repository.ts';
import { cutCorpus } from '../helpers/corpus.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url);
  await migrateToLatest(db);
  // Every Japanese record: the idf that picks an element's keys comes from them (a smaller cut ties
  // the rarest terms, all held by the method's gazette alone).
  const file = await cutCorpus('data/demo-corpus/demo.jsonl.gz', 1000, (r) => r.region === 'jp');
  await ingestFiles(db, [file], { index: indexPatent });
  forgetTermIndexes();
}, 300_000);
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

test('an aramid-cord method’s step on untwisted (無撚り) fibres is not disclosed by a compound that names aramid fibres, carbon black and a water-soluble adhesive but never twist; its own gazette discloses it', async () => {
  const index = await termIndexOf(db, 'jp', 'abstract_description');
  const texts = new Map((await findPatentTexts(db, ['JP2010001570A', 'JP2016522298A'])).map((text) => [text.id, text]));
  const method = texts.get('JP2010001570A')!;
  const elements = cutElements(method.claims![0]!, true);
  const untwisted = elements.find((element) => element.text.includes('無撚り'))!;
  expect(untwisted).toBeDefined();
  const terms = await termsOfElements(index, [untwisted], 'jp');
  // Claims hidden, as the simulation compares abstract + description.
  const verdict = async (text: DocumentText) => (await evidenceOf({ ...text, claims: null }, terms, 'jp', 'normal'))[0]!;
  // Its share of the element's words would disclose it; only the missing key (無撚) holds it at partly.
  const compound = await verdict(texts.get('JP2016522298A')!);
  expect(compound.score).toBeGreaterThanOrEqual(DISCLOSED_AT.normal);
  expect(compound.verdict).toBe('partly');
  const own = await verdict(method);
  expect(own.verdict).toBe('disclosed');
  expect(own.passage!.text).toContain('無撚');
}, 60_000);
