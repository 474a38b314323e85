// /document-details?from=…&position=n past the end of the result (the result shrank since the
// list was shown, or the address was typed): the page says so, with the result's first and last
// documents and the way back, in the same words as a list's page past its end. No other document
// is shown under the address, so it never silently stands for the one asked for.
import type { ResultContext } from '../../src/document-details/result-set.ts';
import { PastEndNotice } from '../components/PastEndNotice.tsx';
import { usePage } from '../page-context.tsx';
import { contextHref } from './DocumentDetailsPage.tsx';

const NS = { ns: 'document-details' } as const;

export function DocumentPastEndPage({ context }: { context: ResultContext }) {
  const { t } = usePage();
  const { position, total, from } = context;
  const shown = (n: number) => n.toLocaleString('en-US');
  return (
    <article className="docdetail docdetail--past-end" data-testid="document-past-end">
      <nav className="docpager" aria-label={t('resultSet', NS)}>
        <a className="docpager__back" href={context.listHref} data-testid="back-to-list">
          ← {t('backToList', NS)}
        </a>
      </nav>
      <h1 className="docdetail__past-end-title">{t('pastEnd.title', NS)}</h1>
      {total > 0 ? (
        <PastEndNotice
          className="card"
          message={t('pastEnd.message', { ...NS, position: shown(position), total: shown(total), count: total })}
          pages={total}
          hrefOf={(n) => contextHref(from, n)}
          labels={{ first: t('pastEnd.first', NS), last: (last) => t('pastEnd.last', { ...NS, position: shown(last) }), only: t('pastEnd.only', NS) }}
        />
      ) : (
        <div className="past-end card" role="status" data-testid="past-end">
          <p>{t('pastEnd.empty', { ...NS, position: shown(position) })}</p>
        </div>
      )}
    </article>
  );
}
