// /patent-creation-support/detail (§2): the draft (islands/DraftEditor.tsx) with what the user
// should know about how it was made (notices), exports in the JPO and US formats, and the way
// back to the input.
import type { DraftEditorProps } from '../../islands/DraftEditor.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export interface CreationDetailPageProps {
  editor: DraftEditorProps;
  /** Notices already in the reader's language. */
  notices: string[];
  /** What the draft was made from, one line each. */
  sources: string[];
}

export function CreationDetailPage({ editor, notices, sources }: CreationDetailPageProps) {
  const { t } = usePage();
  const id = encodeURIComponent(editor.queryId);
  const version = editor.version;
  // The latest version unless an older one is shown (the island saves new versions without a reload).
  const shown = version === editor.latestVersion ? '' : `&version=${version}`;
  const exportHref = (format: 'jpo' | 'us', type: 'docx' | 'html') => `/patent-creation-support/export.${type}?id=${id}&format=${format}${shown}`;
  const ownFormat = editor.lang === 'ja' ? 'jpo' : 'us';
  const otherFormat = ownFormat === 'jpo' ? 'us' : 'jpo';
  return (
    <div className="page creation-detail-page">
      <PageHeader title={editor.sections.title || t('titles.detail', { ns: 'creation' })} lead={t('detail.lead', { ns: 'creation' })} />
      {notices.length > 0 && (
        <div className="creation-detail__notices" data-testid="creation-notices">
          {notices.map((notice, i) => (
            <p key={i} className="form__note">
              {notice}
            </p>
          ))}
        </div>
      )}
      <section className="panel creation-detail__toolbar">
        <div className="creation-detail__sources">
          {sources.map((source, i) => (
            <p key={i}>{source}</p>
          ))}
        </div>
        <div className="creation-detail__exports" role="group" aria-label={t('detail.export', { ns: 'creation' })}>
          <a className="button button--primary" href={exportHref(ownFormat, 'docx')} data-testid="export-docx">
            {t(`detail.exportDocx.${ownFormat}`, { ns: 'creation' })}
          </a>
          <a className="button" href={exportHref(ownFormat, 'html')} target="_blank" rel="noopener">
            {t(`detail.exportHtml.${ownFormat}`, { ns: 'creation' })}
          </a>
          <a className="button" href={exportHref(otherFormat, 'docx')}>
            {t(`detail.exportDocx.${otherFormat}`, { ns: 'creation' })}
          </a>
          <a className="button" href={`/patent-document-edit?creation=${id}&version=${version}`} data-testid="open-in-editor">
            {t('detail.openInEditor', { ns: 'creation' })}
          </a>
          <a className="button button--ghost" href={`/patent-creation-support/create?id=${id}`}>
            {t('detail.revise', { ns: 'creation' })}
          </a>
        </div>
      </section>
      <Island name="DraftEditor" props={editor} />
    </div>
  );
}
