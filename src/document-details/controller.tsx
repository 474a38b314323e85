// /document-details: one publication of a result set (docIds + initialIndex), or one found
// by id or by a typed number. Public (§2); the layout follows whether a user is signed in.
import type { NextFunction, Request, Response } from 'express';
import { contextHref, DocumentDetailsPage, DocumentProblemPage, documentHref } from '../../views/document-details/DocumentDetailsPage.tsx';
import { DocumentPastEndPage } from '../../views/document-details/DocumentPastEnd.tsx';
import type { LayoutName } from '../../views/layouts/index.tsx';
import { isUserAuthenticated } from '../auth/guard.ts';
import { analysedWordsOf } from '../search/analysed-marks.ts';
import { highlighter, matchedWordsMarking } from '../search/highlight.ts';
import type { Database } from '../platform/database.ts';
import { resolveResultContext, type ResultContext } from './result-set.ts';
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

/** Characters of mark=… read at most. */
const MARK_LIMIT = 300;

/** from=<list address>&position=<n>: the list a document was opened from; hl=0 switches highlighting off. */
function contextParameters(query: Record<string, unknown>): { from: string; position: number; highlight: boolean } | null {
  const { from, position, hl } = query;
  if (typeof from !== 'string' || typeof position !== 'string' || !/^\d{1,6}$/.test(position) || from.length > 4000) return null;
  return { from, position: Number(position), highlight: hl !== '0' };
}

export function documentDetailsController(service: DocumentDetailsService, db: Database) {
  return {
    show: async (req: Request, res: Response, next: NextFunction) => {
      const layout = layoutFor(req, res);
      // Public pages may be revalidated from the cache; a signed-in person's stay no-store (src/platform/security.ts).
      if (!res.get('cache-control')) res.set('cache-control', 'private, no-cache');
      const wanted = contextParameters(req.query as Record<string, unknown>);
      let context: ResultContext | null = null;
      if (wanted) {
        context = await resolveResultContext(db, wanted.from, wanted.position, isUserAuthenticated(req) ? req.session.userId : undefined);
        if (context && !context.current && context.position > context.total) {
          // Past the end of the result: say so, with its first and last documents (no other document stands in for it).
          const { from, position, total, listHref } = context;
          return renderPage(req, res, {
            title: req.t('pastEnd.title', NS),
            layout,
            page: <DocumentPastEndPage position={position} total={total} hrefOf={(n) => contextHref(from, n)} back={{ href: listHref, toList: true }} />,
          });
        }
        if (!context?.current) {
          return renderPage(req, res, {
            title: req.t('notFound.title', NS),
            layout,
            status: 404,
            page: <DocumentProblemPage status={404} message={req.t('notFound.message', { ...NS, wanted: `#${wanted.position}` })} backHref={context?.listHref ?? backHref(req)} context={context} />,
          });
        }
      }
      let resolution;
      try {
        const asked = context?.current ? { docIds: [context.current], index: 0 } : parseDocumentRequest(req.query as Record<string, unknown>);
        if (asked.docIds.length > 0 && asked.index >= asked.docIds.length) {
          // initialIndex past the ids given: the same notice, not the last document in its place.
          const { docIds } = asked;
          return renderPage(req, res, {
            title: req.t('pastEnd.title', NS),
            layout,
            page: <DocumentPastEndPage position={asked.index + 1} total={docIds.length} hrefOf={(n) => documentHref(docIds, n - 1)} back={{ href: backHref(req), toList: false }} />,
          });
        }
        resolution = await service.resolve(asked);
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
      // Words to mark: the list's search terms, or those a claim chart's evidence names (mark=…).
      const marked = typeof req.query.mark === 'string' && req.query.mark.length <= MARK_LIMIT ? req.query.mark.split(/\s+/).filter(Boolean).slice(0, 20) : null;
      // The chart's words are the analyser's: a one-character one (着 of 貼着) is marked only where the text has it as a word,
      // not inside 密着; the list's search terms are the user's own, marked wherever written.
      // A list's keyword is searched by its analysed words (従来技術 as 従来 & 技術): a document that writes
      // 「従来の技術」 has them marked, as its snippet in the list had (search/analysed-marks.ts).
      const analysed = context && wanted ? await analysedWordsOf(context.terms, context.region) : undefined;
      const marker = context && wanted ? highlighter(context.terms, analysed ? { analysed } : {}) : marked ? highlighter(marked, await matchedWordsMarking()) : null;
      const highlightOn = wanted ? wanted.highlight : req.query.hl !== '0';
      const toggle = new URLSearchParams(req.query as Record<string, string>);
      if (highlightOn) toggle.set('hl', '0');
      else toggle.delete('hl');
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
            context={context}
            highlight={marker?.active && highlightOn ? marker : null}
            highlightToggle={marker?.active ? { href: `/document-details?${toggle}`, on: highlightOn } : null}
          />
        ),
      });
    },
  };
}
