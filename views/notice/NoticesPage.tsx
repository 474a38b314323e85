// /notice (the users' news) and /notice/detail (one notice; opening it marks it read).
import type { UserNotice } from '../../src/notice/service.ts';
import { formatExecDate } from '../../src/history/shared.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

function Marks({ notice }: { notice: UserNotice }) {
  const { t } = usePage();
  return (
    <>
      {notice.unread && <span className="badge badge--unread" data-testid="notice-unread">{t('unread', { ns: 'notice' })}</span>}
      {notice.important && <span className="badge badge--important" data-testid="notice-important">{t('important', { ns: 'notice' })}</span>}
    </>
  );
}

export function NoticesPage({ notices }: { notices: UserNotice[] }) {
  const { t } = usePage();
  const unread = notices.filter((n) => n.unread).length;
  return (
    <div className="page notice">
      <PageHeader title={t('title', { ns: 'notice' })} lead={t('lead', { ns: 'notice' })} />
      {notices.length === 0 ? (
        <p className="notice__empty">{t('empty', { ns: 'notice' })}</p>
      ) : (
        <>
          <Island name="NoticeReadAll" props={{ unread }} />
          <ul className="notice__list">
            {notices.map((notice) => (
              <li key={notice.id} className={`notice__item${notice.unread ? ' is-unread' : ''}`} data-testid="notice-item" data-id={notice.id}>
                <time className="notice__date" dateTime={notice.publishedAt}>{formatExecDate(notice.publishedAt)}</time>
                <Marks notice={notice} />
                <a className="notice__title" href={`/notice/detail?id=${encodeURIComponent(notice.id)}`}>{notice.title}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function NoticeDetailPage({ notice }: { notice: UserNotice }) {
  const { t } = usePage();
  return (
    <div className="page notice">
      <article className="panel notice__article" data-testid="notice-article">
        <p>
          <time className="notice__date" dateTime={notice.publishedAt}>{formatExecDate(notice.publishedAt)}</time>
          {notice.important && <span className="badge badge--important">{t('important', { ns: 'notice' })}</span>}
        </p>
        <h1 className="page__title">{notice.title}</h1>
        <div className="notice__body">{notice.body}</div>
      </article>
      <p><a href="/notice">{t('back', { ns: 'notice' })}</a></p>
    </div>
  );
}
