// What a paged list shows in its place when its address asks for a page past the last one
// (a result or history that shrank since the address was kept, or a typed number): that
// there is no such page, and the way back. No other page's entries are shown under the
// address, so it never silently means something else. The search results, /history and the
// prior-art candidate list use it, each saying in its own words what it holds; a document
// asked for past the end of its result (/document-details) too, its links naming documents.
import { usePage } from '../page-context.tsx';

export interface PastEndNoticeProps {
  /** "N ページ目はありません。…全 M ページです。" in the reader's language. */
  message: string;
  /** The list's pages (at least 1). */
  pages: number;
  /** The address of a page of the same list. */
  hrefOf: (page: number) => string;
  className?: string;
  /** The links' words when the list's steps are not pages (a result's documents); the pages' by default. */
  labels?: { first: string; last: (last: number) => string; only: string };
}

export function PastEndNotice({ message, pages, hrefOf, className = '', labels }: PastEndNoticeProps) {
  const { t } = usePage();
  const words = labels ?? { first: t('pastEnd.first'), last: (page: number) => t('pastEnd.last', { page }), only: t('pastEnd.only') };
  return (
    <div className={`past-end ${className}`.trim()} role="status" data-testid="past-end">
      <p>{message}</p>
      <p className="past-end__links">
        {pages > 1 && <a href={hrefOf(1)}>{words.first}</a>}
        <a href={hrefOf(pages)} rel="last">
          {pages > 1 ? words.last(pages) : words.only}
        </a>
      </p>
    </div>
  );
}
