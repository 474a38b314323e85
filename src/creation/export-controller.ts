// Exports of a draft (§1 "exported as Word"): the version asked for (the latest by default) as
// .docx or HTML, in the JPO or the US format, with its drawings. The file is named after the
// draft's title and version so several exports stay apart in a downloads folder.
import type { Request, Response } from 'express';
import { accountIdOf } from '../auth/guard.ts';
import type { DocumentFormat, PatentDocument } from '../patent-documents/model.ts';
import { renderDocx } from '../patent-documents/docx.ts';
import { renderHtml } from '../patent-documents/html.ts';
import { drawingsByIds } from '../patent-documents/repository.ts';
import { versionOf } from '../patent-documents/service.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { creationOf } from './service.ts';

const formatOf = (req: Request): DocumentFormat => (req.query.format === 'us' ? 'us' : 'jpo');
/** Characters a file name may not hold on Windows or macOS, and control characters. */
const unsafe = /[\\/:*?"<>|\u0000-\u001f]/g;

export function createCreationExportController(context: AppContext) {
  const { db } = context;

  /** The version of the user's draft the request names, with its drawings' bytes. */
  const load = async (req: Request) => {
    const userId = accountIdOf(req, 'user');
    const creation = await creationOf(db, userId, typeof req.query.id === 'string' ? req.query.id : '');
    const prefabId = (creation.result as { prefabId?: string } | null)?.prefabId;
    if (creation.status !== 1 || !prefabId) throw new AppError(409, 'E072', 'E072');
    const asked = /^\d{1,6}$/.test(String(req.query.version ?? '')) ? Number(req.query.version) : undefined;
    const { document, version } = await versionOf(db, userId, prefabId, asked);
    const images = new Map([...(await drawingsByIds(db, userId, version.drawings.map((drawing) => drawing.id)))].map(([id, drawing]) => [id, new Uint8Array(drawing.bytes)]));
    const patent: PatentDocument = { lang: document.lang, sections: version.sections, drawings: version.drawings };
    const title = (version.sections.title || req.t('titles.detail', { ns: 'creation' })).replace(unsafe, '').slice(0, 60).trim();
    return { patent, images, baseName: `${title}_v${version.version}_${formatOf(req).toUpperCase()}` };
  };

  return {
    docx: async (req: Request, res: Response) => {
      const { patent, images, baseName } = await load(req);
      const file = await renderDocx(patent, formatOf(req), images);
      res.attachment(`${baseName}.docx`);
      res.set('Cache-Control', 'private, no-store');
      res.type('application/vnd.openxmlformats-officedocument.wordprocessingml.document').send(file);
    },

    /** Opened in the browser to read or print; images embedded so the saved file stands alone. */
    html: async (req: Request, res: Response) => {
      const { patent, images, baseName } = await load(req);
      const html = renderHtml(patent, formatOf(req), { embedImages: images });
      if (req.query.download === '1') res.attachment(`${baseName}.html`);
      res.set('Cache-Control', 'private, no-store');
      res.type('text/html; charset=utf-8').send(html);
    },
  };
}
