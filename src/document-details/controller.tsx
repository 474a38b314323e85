// /document-details: one publication of a result set (docIds + initialIndex), or one found
// by id or by a typed number. Public (§2); the layout follows whether a user is signed in.
import type { NextFunction, Request, Response } from 'express';
import { DocumentDetailsPage, DocumentProblemPage } from '../../views/document-details/DocumentDetailsPage.tsx';
import type { LayoutName } from '../../views/layouts/index.tsx';
import { isUserAuthenticated } from '../auth/guard.ts';
import { AppError } from '../platform/errors.ts';
import { renderPage } from '../platform/render.tsx';
import { analyseClaims, analyseDescription, claimTexts, parseDocumentRequest, procedureRecords, type DocumentDetailsService } from './service.ts';

const NS = { ns: 'document-details' } as const;

/** The default layout for a signed-in user, else the header-less one. */
export const layoutFor = (req: Request, res: Response): LayoutName => (res.locals.account && isUserAuthenticated(req) ? 'default' : 'headerless');

/** Where "back" goes: the page the visitor came from on this site, else home. */
function backHref(req: Request): string {
  const referer = req.get('referer');
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.host === req.get('host') && url.pathname !== '/document-details') return url.pathname + url.search;
    } catch {
      // not a URL: ignore
    }
  }
  return '/';
}

export function documentDetailsController(service: DocumentDetailsService) {
  return {
    show: async (req: Request, res: Response, next: NextFunction) => {
      const layout = layoutFor(req, res);
      // Public pages may be revalidated from the cache; a signed-in person's stay no-store (src/platform/security.ts).
      if (!res.get('cache-control')) res.set('cache-control', 'private, no-cache');
      let resolution;
      try {
        resolution = await service.resolve(parseDocumentRequest(req.query as Record<string, unknown>));
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 400) return next(error);
        return renderPage(req, res, {
          title: req.t('invalid.title', NS),
          layout,
          status: 400,
          page: <DocumentProblemPage status={400} message={req.t('E102', { ns: 'errors' })} backHref={backHref(req)} />,
        });
      }
      if (!resolution.found) {
        const { request } = resolution;
        return renderPage(req, res, {
          title: req.t('notFound.title', NS),
          layout,
          status: 404,
          page: (
            <DocumentProblemPage
              status={404}
              message={req.t('notFound.message', { ...NS, wanted: resolution.wanted })}
              backHref={backHref(req)}
              resultSet={request.docIds.length > 1 ? { docIds: request.docIds, index: request.index } : undefined}
            />
          ),
        });
      }
      const { patent, request } = resolution;
      renderPage(req, res, {
        title: `${patent.id} ${patent.title ?? ''}`.trim(),
        layout,
        page: (
          <DocumentDetailsPage
            patent={patent}
            claims={analyseClaims(claimTexts(patent.claims))}
            description={analyseDescription(patent.description)}
            procedures={procedureRecords(patent.procedures)}
            resultSet={{ docIds: request.docIds, index: request.index }}
          />
        ),
      });
    },
  };
}
