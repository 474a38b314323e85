// A stored publication by its number as people write it (特開2015-039043, US 7,783,348 B2) or by
// its id: what the simulation's "by document number" and creation support's reference and
// similar patents look up.
import { parsePublicationNumber } from './numbers.ts';
import { findPatentById, findPatentsByNumber, type StoredPatent } from './repository.ts';
import type { Database } from '../platform/database.ts';

/** The publication, or null when the store has none of that number. */
export async function findPatentByWrittenNumber(db: Database, written: string): Promise<StoredPatent | null> {
  const byId = await findPatentById(db, written.replace(/\s+/g, ''));
  if (byId) return byId;
  const number = parsePublicationNumber(written);
  return number ? ((await findPatentsByNumber(db, number))[0] ?? null) : null;
}
