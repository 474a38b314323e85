// /patent-creation-support/create (§2): the creation form (islands/CreationForm.tsx), empty or
// with a stored entry's input restored (reopened from history).
import type { CreationFormInput } from '../../islands/creation-form/model.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export function CreationCreatePage({ initial, restoredFrom, gptConfigured }: { initial: CreationFormInput; restoredFrom: string | null; gptConfigured: boolean }) {
  const { t } = usePage();
  return (
    <div className="page creation-create-page">
      <PageHeader title={t('titles.create', { ns: 'creation' })} lead={t('create.lead', { ns: 'creation' })} />
      <p className="creation-create-page__edit">
        <a href="/patent-document-edit">{t('create.toEditor', { ns: 'creation' })}</a>
      </p>
      <Island name="CreationForm" props={{ initial, restoredFrom, gptConfigured }} />
    </div>
  );
}
