// Patent documents for their owner: read a version, store an edit as the next version (§3 the
// update request), restore an earlier one, export. Another user's document reads as E414 (no
// such specification); an edit made on a version that is no longer the latest is refused with
// E056 so two tabs never overwrite each other's work silently.
import type { Database } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { TEXT_SECTIONS, type PatentDrawing, type PatentSections, type ReferenceSign } from './model.ts';
import { appendVersion, findDocument, findVersion, listVersions, type StoredDocument, type StoredVersion, type VersionCause, type VersionSummary } from './repository.ts';

/** §9: each application section ≤ 1,500 characters. */
export const SECTION_LIMIT = 1500;

export async function documentOf(db: Database, userId: string, prefabId: string): Promise<StoredDocument> {
  const document = await findDocument(db, userId, prefabId);
  if (!document) throw new AppError(404, 'E414', 'E414');
  return document;
}

/** A version of the user's document (the latest when none is asked for). */
export async function versionOf(db: Database, userId: string, prefabId: string, version?: number): Promise<{ document: StoredDocument; version: StoredVersion; versions: VersionSummary[] }> {
  const document = await documentOf(db, userId, prefabId);
  const wanted = version && Number.isInteger(version) && version >= 1 && version <= document.latestVersion ? version : document.latestVersion;
  const found = await findVersion(db, document.id, wanted);
  if (!found) throw new AppError(404, 'E414', 'E414');
  return { document, version: found, versions: await listVersions(db, document.id) };
}

const characters = (value: string): number => [...value].length;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;

/** A section's name in the user's language, for E055's message (key of the creation namespace). */
const sectionKey = (section: string) => `sections.${section}`;

/**
 * The update request (§3: prefabId and the sections) applied over a version: sections not sent
 * keep their text. E055 names the first section over 1,500 characters (a claim or a citation
 * counts on its own); E102 for a section of the wrong shape.
 */
export function updatedSections(base: PatentSections, update: Record<string, unknown>, label: (key: string) => string): PatentSections {
  const next: PatentSections = { ...base };
  const tooLong = (section: string): never => {
    throw new AppError(400, 'E055', 'E055', { max: SECTION_LIMIT, section: label(sectionKey(section)) }, { field: section });
  };
  for (const section of TEXT_SECTIONS) {
    if (!(section in update)) continue;
    const value = text(update[section]);
    if (value === undefined) throw new AppError(400, 'E102', 'E102', {}, { field: section });
    if (characters(value) > SECTION_LIMIT) tooLong(section);
    next[section] = value;
  }
  for (const section of ['claims', 'preDocPatents', 'preDocNonPatents'] as const) {
    if (!(section in update)) continue;
    const value = strings(update[section]);
    if (!value) throw new AppError(400, 'E102', 'E102', {}, { field: section });
    if (value.some((item) => characters(item) > SECTION_LIMIT)) tooLong(section);
    next[section] = value.map((item) => item.trim()).filter(Boolean);
  }
  if ('symbol_descriptions' in update) {
    const value = update.symbol_descriptions;
    if (!Array.isArray(value) || value.some((sign) => typeof sign?.sign !== 'string' || typeof sign?.name !== 'string')) {
      throw new AppError(400, 'E102', 'E102', {}, { field: 'symbol_descriptions' });
    }
    const signs = (value as ReferenceSign[]).map((sign) => ({ sign: sign.sign.trim(), name: sign.name.trim() })).filter((sign) => sign.sign || sign.name);
    if (characters(signs.map((sign) => `${sign.sign} ${sign.name}`).join('\n')) > SECTION_LIMIT) tooLong('symbol_descriptions');
    next.symbol_descriptions = signs;
  }
  return next;
}

/** Descriptions of the drawings edited (by id); order and files stay. */
function updatedDrawings(base: PatentDrawing[], update: unknown): PatentDrawing[] {
  if (update === undefined) return base;
  if (!Array.isArray(update)) throw new AppError(400, 'E102', 'E102', {}, { field: 'drawings' });
  const descriptions = new Map((update as Array<{ id?: unknown; description?: unknown }>).flatMap((item) => (typeof item?.id === 'string' && typeof item.description === 'string' ? [[item.id, item.description] as const] : [])));
  return base.map((drawing) => {
    const description = descriptions.get(drawing.id);
    if (description !== undefined && characters(description) > 500) throw new AppError(400, 'E053', 'E053', { max: 500, number: base.indexOf(drawing) + 1 }, { field: 'drawings' });
    return description === undefined ? drawing : { ...drawing, description: description.trim() };
  });
}

/** Stores an edit as the next version; E056 when `expectedVersion` is no longer the latest. */
export async function saveEdit(
  db: Database,
  userId: string,
  request: { prefabId: string; expectedVersion: number; update: Record<string, unknown> },
  label: (key: string) => string,
): Promise<number> {
  const { document, version } = await versionOf(db, userId, request.prefabId, request.expectedVersion);
  if (version.version !== request.expectedVersion) throw new AppError(409, 'E056', 'E056');
  const sections = updatedSections(version.sections, request.update, label);
  const drawings = updatedDrawings(version.drawings, request.update.drawings);
  const next = await appendVersion(db, { documentId: document.id, expected: request.expectedVersion, sections, drawings, cause: 'edited', editedBy: userId });
  if (next === null) throw new AppError(409, 'E056', 'E056');
  return next;
}

/** Makes an earlier version the latest again (as a new version, so nothing is lost). */
export async function restoreVersion(db: Database, userId: string, request: { prefabId: string; version: number; expectedVersion: number }): Promise<number> {
  const document = await documentOf(db, userId, request.prefabId);
  if (document.latestVersion !== request.expectedVersion) throw new AppError(409, 'E056', 'E056');
  const earlier = await findVersion(db, document.id, request.version);
  if (!earlier) throw new AppError(404, 'E414', 'E414');
  const next = await appendVersion(db, {
    documentId: document.id, expected: request.expectedVersion, sections: earlier.sections, drawings: earlier.drawings, cause: 'restored', restoredFrom: earlier.version, editedBy: userId,
  });
  if (next === null) throw new AppError(409, 'E056', 'E056');
  return next;
}

/**
 * Stores a whole document (sections and drawings) as the next version: what reordering, drawing
 * changes and accepted GPT edits write. The same limits as an edit (E055), the same conflict
 * rule (E056).
 */
export async function saveDocumentVersion(
  db: Database,
  userId: string,
  request: { prefabId: string; expectedVersion: number; sections: PatentSections; drawings: PatentDrawing[]; cause: VersionCause },
  label: (key: string) => string,
): Promise<number> {
  const document = await documentOf(db, userId, request.prefabId);
  if (document.latestVersion !== request.expectedVersion) throw new AppError(409, 'E056', 'E056');
  const sections = updatedSections(request.sections, request.sections as unknown as Record<string, unknown>, label);
  const next = await appendVersion(db, { documentId: document.id, expected: request.expectedVersion, sections, drawings: request.drawings, cause: request.cause, editedBy: userId });
  if (next === null) throw new AppError(409, 'E056', 'E056');
  return next;
}
