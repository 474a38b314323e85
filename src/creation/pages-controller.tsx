// Creation-support pages (§2): create → generating → detail, each addressed by the stored
// entry's id, so a draft can be left and reopened from history. A page without a stored id the
// user owns sends them to /history; a draft still being made opens its waiting page, a failed or
// cancelled one the waiting page's account of what happened with the way back to its input.
import { requestLanguage } from '../platform/i18n.ts';
import type { Request, Response } from 'express';
import { emptyCreationInput, restoredCreationInput } from '../../islands/creation-form/model.ts';
import { ExecutingPage } from '../../views/detail-search/ExecutingPage.tsx';
import { CreationCreatePage } from '../../views/creation/CreatePage.tsx';
import { CreationDetailPage } from '../../views/creation/DetailPage.tsx';
import { accountIdOf } from '../auth/guard.ts';
import { formatExecDate } from '../history/shared.ts';
import { findCompanySettings } from '../manage/settings/repository.ts';
import { versionOf } from '../patent-documents/service.ts';
import { displayNumberOfId } from '../patents/numbers.ts';
import type { AppContext } from '../platform/context.ts';
import { isGptConfigured } from '../platform/gpt.ts';
import { renderPage } from '../platform/render.tsx';
import { companyIdOfUser } from '../users/repository.ts';
import { inputWithAttachedPictures } from './attached-pictures.ts';
import { findCreation, type StoredCreation } from './repository.ts';
import type { CreationNotice } from './shared.ts';

const idOf = (req: Request): string => (typeof req.query.id === 'string' ? req.query.id : '');
const SUMMARY_LENGTH = 200;

/** One line saying what a draft is made from: the opening of claim 1. */
export function creationSummary(creation: Pick<StoredCreation, 'input'>): string {
  const text = (creation.input.claims[0] ?? '').replace(/\s+/g, ' ').trim();
  return [...text].length > SUMMARY_LENGTH ? `${[...text].slice(0, SUMMARY_LENGTH).join('')}…` : text;
}

/** A notice in the reader's language: creation's own keys, or an error code's message (E046). */
export function noticeText(notice: CreationNotice, t: Request['t']): string {
  const separator = t('notice.separator', { ns: 'creation' });
  const values = Object.fromEntries(Object.entries(notice.values ?? {}).map(([name, value]) => [name, Array.isArray(value) ? value.join(separator) : value]));
  return /^E\d{3}$/.test(notice.key) ? t(notice.key, { ns: 'errors', ...values }) : t(notice.key, { ns: 'creation', ...values });
}

export function createCreationPagesController(context: AppContext) {
  const { db } = context;
  const title = (req: Request, key: 'create' | 'generating' | 'detail') => req.t(`titles.${key}`, { ns: 'creation' });

  return {
    create: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const id = idOf(req);
      const stored = id ? await findCreation(db, userId, id) : undefined;
      if (id && !stored) return res.redirect(302, '/history');
      const gptConfigured = isGptConfigured(context.config.gpt);
      // The company's default for GPT use (set by its managers) preselects the option.
      const companyId = await companyIdOfUser(db, userId);
      const gptDefault = gptConfigured && companyId ? ((await findCompanySettings(db, companyId))?.gptDefaultUse ?? false) : false;
      renderPage(req, res, {
        title: title(req, 'create'),
        layout: 'default',
        page: (
          <CreationCreatePage
            initial={stored ? restoredCreationInput(await inputWithAttachedPictures(db, userId, stored), gptDefault) : emptyCreationInput(gptDefault)}
            restoredFrom={stored?.id ?? null}
            gptConfigured={gptConfigured}
          />
        ),
      });
    },

    generating: async (req: Request, res: Response) => {
      const creation = await findCreation(db, accountIdOf(req, 'user'), idOf(req));
      if (!creation) return res.redirect(302, '/history');
      const id = encodeURIComponent(creation.id);
      if (creation.status === 1) return res.redirect(302, `/patent-creation-support/detail?id=${id}&type=patent_creation_support`);
      renderPage(req, res, {
        title: title(req, 'generating'),
        layout: 'default',
        page: (
          <ExecutingPage
            queryId={creation.id}
            kind="patent_creation_support"
            summary={creationSummary(creation)}
            status={creation.status}
            progress={creation.progress}
            errcode={creation.errcode}
            stage={(creation.result as { stage?: number } | null)?.stage ?? 0}
            usesGpt={creation.input.shouldUseGPT}
            urls={{
              statusUrl: `/api/patent-creation-support/status?id=${id}`,
              cancelUrl: '/api/patent-creation-support/cancel',
              resultUrl: `/patent-creation-support/detail?id=${id}&type=patent_creation_support`,
              buildUrl: `/patent-creation-support/create?id=${id}`,
            }}
          />
        ),
      });
    },

    detail: async (req: Request, res: Response) => {
      const userId = accountIdOf(req, 'user');
      const creation = await findCreation(db, userId, idOf(req));
      if (!creation) return res.redirect(302, '/history');
      const made = creation.result as { prefabId?: string; notices?: CreationNotice[] } | null;
      if (creation.status !== 1 || !made?.prefabId) return res.redirect(302, `/patent-creation-support/generating?id=${encodeURIComponent(creation.id)}`);
      const asked = /^\d{1,6}$/.test(String(req.query.version ?? '')) ? Number(req.query.version) : undefined;
      const { document, version, versions } = await versionOf(db, userId, made.prefabId, asked);
      const { input } = creation;
      const sources = [
        req.t('detail.sources.claims', { ns: 'creation', count: input.claims.length }),
        ...(input.referenceId ? [req.t('detail.sources.reference', { ns: 'creation', number: displayNumberOfId(input.referenceId, requestLanguage(req)) })] : []),
        ...(input.similarPatents.length ? [req.t('detail.sources.similar', { ns: 'creation', count: input.similarPatents.length })] : []),
        req.t(input.shouldUseGPT ? 'detail.sources.gpt' : 'detail.sources.noGpt', { ns: 'creation' }),
      ];
      renderPage(req, res, {
        title: version.sections.title || title(req, 'detail'),
        layout: 'default',
        page: (
          <CreationDetailPage
            notices={(made.notices ?? []).map((notice) => noticeText(notice, req.t))}
            sources={sources}
            editor={{
              queryId: creation.id,
              prefabId: document.id,
              lang: document.lang,
              version: version.version,
              latestVersion: document.latestVersion,
              versions: versions.map((entry) => ({ version: entry.version, cause: entry.cause, restoredFrom: entry.restoredFrom, editDate: formatExecDate(entry.editDate) })),
              sections: version.sections,
              drawings: version.drawings,
            }}
          />
        ),
      });
    },
  };
}
