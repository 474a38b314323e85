// /manage/notice: the company's notices as the manager island edits them.
import type { ManagedNotice } from '../../src/manage/notice/repository.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export function NoticesManagePage({ notices }: { notices: ManagedNotice[] }) {
  const { t, lang } = usePage();
  return (
    <div className="page manage-notice">
      <PageHeader title={t('title', { ns: 'manage-notice' })} lead={t('lead', { ns: 'manage-notice' })} />
      <Island
        name="NoticeManager"
        props={{ lang, notices: notices.map(({ id, titleJa, titleEn, bodyJa, bodyEn, importance, publishedAt, updatedAt }) => ({ id, titleJa, titleEn, bodyJa, bodyEn, importance, publishedAt, updatedAt })) }}
      />
    </div>
  );
}
