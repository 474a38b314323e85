// A version of a user's patent document as a file: .docx or HTML, in the JPO or the US format,
// with its drawings; named after its title and version so several exports stay apart in a
// downloads folder. Creation support and the editor export through this.
import type { Database } from '../platform/database.ts';
import { renderDocx } from './docx.ts';
import { renderHtml } from './html.ts';
import type { DocumentFormat, PatentDocument } from './model.ts';
import { drawingsByIds } from './repository.ts';
import { versionOf } from './service.ts';

export type ExportType = 'docx' | 'html';

/** Characters a file name may not hold on Windows or macOS, and control characters. */
const unsafe = /[\\/:*?"<>|\u0000-\u001f]/g;
/** A document's title as the start of a file name (at most 60 characters). */
export const fileNameOf = (title: string): string => title.replace(unsafe, '').slice(0, 60).trim();

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export async function exportDocument(
  db: Database,
  userId: string,
  request: { prefabId: string; version?: number; format: DocumentFormat; type: ExportType; untitled: string },
): Promise<{ body: Buffer | string; contentType: string; fileName: string }> {
  const { document, version } = await versionOf(db, userId, request.prefabId, request.version);
  const stored = await drawingsByIds(db, userId, version.drawings.map((drawing) => drawing.id));
  const images = new Map([...stored].map(([id, drawing]) => [id, new Uint8Array(drawing.bytes)]));
  const patent: PatentDocument = { lang: document.lang, sections: version.sections, drawings: version.drawings };
  const title = fileNameOf(version.sections.title || request.untitled);
  const fileName = `${title}_v${version.version}_${request.format.toUpperCase()}.${request.type}`;
  if (request.type === 'docx') return { body: await renderDocx(patent, request.format, images), contentType: DOCX_TYPE, fileName };
  return { body: renderHtml(patent, request.format, { embedImages: images }), contentType: 'text/html; charset=utf-8', fileName };
}
