// preparedRows (src/platform/database.ts): a hot read run as a named prepared statement answers
// what the same query answers unprepared, for each set of values, and survives a table changed
// under the statement it prepared.
import { createDatabase, preparedRows, preparedStatement, type Database } from '../../src/platform/database.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection: every run below meets the statement that connection prepared.
  db = createDatabase(database.url, 1);
  await db.raw('CREATE TABLE entries (id int PRIMARY KEY, owner text NOT NULL, memo text)');
  await db('entries').insert([
    { id: 1, owner: 'a', memo: 'first' },
    { id: 2, owner: 'a', memo: 'second' },
    { id: 3, owner: 'b', memo: 'third' },
  ]);
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const ofOwner = (owner: string) => db('entries').select('*').where({ owner }).orderBy('id');

test('the rows are those of the query, for each set of bound values', async () => {
  for (const owner of ['a', 'b', 'a', 'nobody', 'b', 'a', 'a']) {
    expect(await preparedRows(db, ofOwner(owner))).toEqual(await ofOwner(owner));
  }
});

test('a table changed under the prepared statement: the rows come with the new column, now and after', async () => {
  await preparedRows(db, ofOwner('a'));
  await db.raw("ALTER TABLE entries ADD COLUMN star boolean NOT NULL DEFAULT false");
  for (let run = 0; run < 2; run++) {
    expect(await preparedRows(db, ofOwner('a'))).toEqual([
      { id: 1, owner: 'a', memo: 'first', star: false },
      { id: 2, owner: 'a', memo: 'second', star: false },
    ]);
  }
});

test('the index-scan connections plan no sequential scan, announce their statements, and close with the database', async () => {
  const { indexScanRunner, runPrepared } = await import('../../src/platform/database.ts');
  const separate = createDatabase(database.url, 1);
  const announced: string[] = [];
  separate.on('query', (event: { sql: string }) => announced.push(event.sql));
  try {
    const runner = indexScanRunner(separate)!;
    expect((await runPrepared(runner, 'SELECT current_setting($1) AS value', ['enable_seqscan'])).rows).toEqual([{ value: 'off' }]);
    // The database's own connections plan as before.
    expect((await separate.raw('SHOW enable_seqscan')).rows).toEqual([{ enable_seqscan: 'on' }]);
    expect(announced[0]).toBe('SELECT current_setting($1) AS value');
    // A transaction keeps its statements on its own connection.
    await separate.transaction(async (trx) => expect(indexScanRunner(trx)).toBeNull());
  } finally {
    await separate.destroy();
  }
  // Destroyed with the database: none is made again.
  expect(indexScanRunner(separate)).toBeNull();
});

test('a statement compiled once answers, for each set of values, what its query answers; an argument not bound as a value is refused', async () => {
  const build = (d: Database, owner: string, memo: string) =>
    d('entries').select('id', 'owner', 'memo').where({ owner }).orWhere('memo', memo).orWhereIn('id', d('entries').select('id').where('owner', owner)).orderBy('id').limit(2);
  const statement = preparedStatement<[string, string], unknown>(build);
  for (const [owner, memo] of [['a', 'third'], ['b', 'nothing'], ['nobody', 'second'], ['a', 'first'], ['b', 'first'], ['nobody', 'nothing']] as const) {
    expect(await statement(db, owner, memo)).toEqual(await build(db, owner, memo));
  }
  const inlined = preparedStatement<[string], unknown>((d, owner) => d('entries').select('*').whereRaw(`owner = '${owner}'`));
  await expect(inlined(db, 'a')).rejects.toThrow('argument 0 is not bound as a value');
});
