// /patent-document-edit?id=: the editor (islands/DocumentEditor.tsx) with where the document came
// from and its exports.
import type { DocumentEditorProps } from '../../islands/DocumentEditor.tsx';
import type { StoredEditInput } from '../../src/edit/repository.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export function EditorPage({ editor, source }: { editor: DocumentEditorProps; source: StoredEditInput }) {
  const { t } = usePage();
  const id = encodeURIComponent(editor.id);
  // The latest version unless an older one is shown (the island saves new versions without a reload).
  const version = editor.version === editor.latestVersion ? '' : `&version=${editor.version}`;
  const href = (type: 'docx' | 'html' | 'csv', format: 'jpo' | 'us') => `/patent-document-edit/export.${type}?id=${id}&format=${format}${version}`;
  const own = editor.lang === 'ja' ? 'jpo' : 'us';
  const other = own === 'jpo' ? 'us' : 'jpo';
  const origin =
    source.source === 'creation'
      ? t('editor.source.creation', { ns: 'edit', version: source.creationVersion ?? 1 })
      : source.source === 'upload'
        ? t('editor.source.upload', { ns: 'edit', name: source.fileName ?? '' })
        : t('editor.source.empty', { ns: 'edit' });
  return (
    <div className="page edit-page">
      <PageHeader title={editor.sections.title || t('titles.editor', { ns: 'edit' })} lead={t('editor.lead', { ns: 'edit' })} />
      {(source.notices ?? []).length > 0 && (
        <div className="creation-detail__notices" data-testid="edit-notices">
          {(source.notices ?? []).map((notice, i) => (
            <p key={i} className="form__note">
              {t(notice.key, { ns: 'edit', ...notice.values })}
            </p>
          ))}
        </div>
      )}
      <section className="panel creation-detail__toolbar">
        <div className="creation-detail__sources">
          <p>{origin}</p>
          {source.source === 'creation' && source.creationId && (
            <p>
              <a href={`/patent-creation-support/detail?id=${encodeURIComponent(source.creationId)}&type=patent_creation_support`}>{t('editor.source.openDraft', { ns: 'edit' })}</a>
            </p>
          )}
        </div>
        <div className="creation-detail__exports" role="group" aria-label={t('editor.export', { ns: 'edit' })}>
          <a className="button button--primary" href={href('docx', own)} data-testid="edit-export-docx">
            {t(`editor.exportDocx.${own}`, { ns: 'edit' })}
          </a>
          <a className="button" href={href('html', own)} target="_blank" rel="noopener">
            {t(`editor.exportHtml.${own}`, { ns: 'edit' })}
          </a>
          <a className="button" href={href('docx', other)}>
            {t(`editor.exportDocx.${other}`, { ns: 'edit' })}
          </a>
          <a className="button" href={href('csv', own)}>
            {t('editor.exportCsv', { ns: 'edit' })}
          </a>
        </div>
      </section>
      <Island name="DocumentEditor" props={editor} />
    </div>
  );
}
