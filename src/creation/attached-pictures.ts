// "Edit and create again" rebuilds the form from the entry's input, but a picture the user gave
// later, in the draft editor, to a figure that had none (画像なし, attach-picture.ts) is input
// too: without it creating again would lose the picture. Only pictures come back this way; the
// draft's other edits stay the editor's (the form is the input, the editor the output).
import { findDocument, findVersion } from '../patent-documents/repository.ts';
import type { Database } from '../platform/database.ts';
import type { StoredCreation } from './repository.ts';
import type { StoredCreationInput } from './shared.ts';

/**
 * The entry's input with each figure described without a picture replaced by the picture its
 * draft's latest version has for it (kept like any pictured figure: its stored file is copied).
 * The draft editor neither adds, removes nor reorders figures, and attaching gives the figure a
 * new id in its place, so a figure is found by its position; a draft whose figures no longer
 * line up with the input is left out rather than guessed at.
 */
export async function inputWithAttachedPictures(db: Database, userId: string, creation: Pick<StoredCreation, 'input' | 'result'>): Promise<StoredCreationInput> {
  const { input } = creation;
  const prefabId = (creation.result as { prefabId?: unknown } | null)?.prefabId;
  if (typeof prefabId !== 'string' || !input.drawings.some((drawing) => drawing.withoutPicture)) return input;
  // The user's own draft only: another user's (or a removed) document gives nothing.
  const document = await findDocument(db, userId, prefabId);
  const latest = document && (await findVersion(db, document.id, document.latestVersion));
  if (!latest || latest.drawings.length !== input.drawings.length) return input;
  const drawings = input.drawings.map((ref, i) => {
    const figure = latest.drawings[i]!;
    if (!ref.withoutPicture || figure.withoutPicture || figure.id === ref.id) return ref;
    return { id: figure.id, fileName: figure.fileName, caption: ref.caption };
  });
  return { ...input, drawings };
}
