// Application-wide settings (key → JSON), e.g. whether the demo corpus has been loaded.
import type { Database } from '../platform/database.ts';

export async function getSetting<T>(db: Database, key: string): Promise<T | undefined> {
  const row = await db('settings').select('value').where({ key }).first();
  return row?.value as T | undefined;
}

export async function setSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db('settings')
    .insert({ key, value: JSON.stringify(value), updated_at: db.fn.now() })
    .onConflict('key')
    .merge();
}
