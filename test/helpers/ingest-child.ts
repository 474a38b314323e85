// The child of ingest-process.ts: ingests the files given as arguments into INGEST_DATABASE_URL
// with indexPatent, as the tests did in-process, and prints the summary as JSON on its last line.
import { indexPatent } from '../../src/patents/indexing.ts';
import { ingestFiles } from '../../src/patents/ingest/ingest.ts';
import { createDatabase } from '../../src/platform/database.ts';

const db = createDatabase(process.env.INGEST_DATABASE_URL!);
try {
  const summary = await ingestFiles(db, process.argv.slice(2), { index: indexPatent });
  process.stdout.write(`\n${JSON.stringify(summary)}\n`);
} finally {
  await db.destroy();
}
