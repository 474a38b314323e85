// /patent-document-edit (§2): without an id, where to start (an upload, an empty document, or one
// of the user's creation results); with the id of the user's own editing entry, the editor at
// its latest version (or the version asked for, read-only). An id the user does not own sends
// them to /history.
import type { Request, Response } from 'express';
import { EditorPage } from '../../views/edit/EditorPage.tsx';
import { EditStartPage } from '../../views/edit/StartPage.tsx';
import { accountIdOf } from '../auth/guard.ts';
import { creationSummary } from '../creation/pages-controller.tsx';
import { formatExecDate } from '../history/shared.ts';
import type { AppContext } from '../platform/context.ts';
import { isGptConfigured } from '../platform/gpt.ts';
import { renderPage } from '../platform/render.tsx';
import { findEdit, recentCreations } from './repository.ts';
import { editedDocument } from './service.ts';

export function createEditPagesController(context: AppContext) {
  const { db } = context;
  return {
    editor: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const id = typeof req.query.id === 'string' ? req.query.id : '';
      if (!id) {
        const creations = await recentCreations(db, userId);
        return renderPage(req, res, {
          title: req.t('titles.start', { ns: 'edit' }),
          layout: 'default',
          page: (
            <EditStartPage
              creations={creations.map((entry) => ({ id: entry.id, execDate: formatExecDate(entry.execDate), claim: creationSummary({ input: { claims: [entry.claim ?? ''] } as never }) }))}
              fromCreation={typeof req.query.creation === 'string' ? req.query.creation : null}
              fromVersion={/^\d{1,6}$/.test(String(req.query.version ?? '')) ? Number(req.query.version) : null}
            />
          ),
        });
      }
      if (!(await findEdit(db, userId, id))) return res.redirect(302, '/history');
      const asked = /^\d{1,6}$/.test(String(req.query.version ?? '')) ? Number(req.query.version) : undefined;
      const found = await editedDocument(db, userId, id, asked);
      renderPage(req, res, {
        title: found.version.sections.title || req.t('titles.editor', { ns: 'edit' }),
        layout: 'default',
        page: (
          <EditorPage
            editor={{
              id: found.edit.id,
              prefabId: found.edit.prefabId,
              lang: found.document.lang,
              version: found.version.version,
              latestVersion: found.document.latestVersion,
              versions: found.versions.map((entry) => ({ version: entry.version, cause: entry.cause, restoredFrom: entry.restoredFrom, editDate: formatExecDate(entry.editDate) })),
              sections: found.version.sections,
              drawings: found.version.drawings,
              gptConfigured: isGptConfigured(context.config.gpt),
            }}
            source={found.edit.input}
          />
        ),
      });
    },
  };
}
