// /document-details asked for a place past the end of its result — from=…&position=n (the result
// shrank since the list was shown, or the address was typed) or docIds=…&initialIndex=i beyond the
// ids given: the page says so, with the result's first and last documents and the way back, in
// the same words as a list's page past its end. No other document is shown under the address, so
// it never silently stands for the one asked for.
import { PastEndNotice } from '../components/PastEndNotice.tsx';
import { usePage } from '../page-context.tsx';

const NS = { ns: 'document-details' } as const;

export interface DocumentPastEndProps {
  /** From 1, as asked. */
  position: number;
  /** The result's documents now (0: it has none left). */
  total: number;
  /** The address of the result's n-th document (from 1). */
  hrefOf: (position: number) => string;
  /** Back to the list it came from, or to the page before. */
  back: { href: string; toList: boolean };
}

export function DocumentPastEndPage({ position, total, hrefOf, back }: DocumentPastEndProps) {
  const { t } = usePage();
  const shown = (n: number) => n.toLocaleString('en-US');
  return (
    <article className="docdetail docdetail--past-end" data-testid="document-past-end">
      <nav className="docpager" aria-label={t('resultSet', NS)}>
        <a className="docpager__back" href={back.href} data-testid="back-to-list">
          ← {back.toList ? t('backToList', NS) : t('notFound.back', NS)}
        </a>
      </nav>
      <h1 className="docdetail__past-end-title">{t('pastEnd.title', NS)}</h1>
      {total > 0 ? (
        <PastEndNotice
          className="card"
          message={t('pastEnd.message', { ...NS, position: shown(position), total: shown(total), count: total })}
          pages={total}
          hrefOf={hrefOf}
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
