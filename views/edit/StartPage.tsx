// /patent-document-edit without an id: open a Word or HTML patent document, start an empty one,
// or open one of the user's creation results (islands/EditStart.tsx).
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export interface EditStartPageProps {
  creations: Array<{ id: string; execDate: string; claim: string }>;
  /** A creation result the user asked to open (from its detail page). */
  fromCreation: string | null;
  fromVersion: number | null;
}

export function EditStartPage({ creations, fromCreation, fromVersion }: EditStartPageProps) {
  const { t } = usePage();
  return (
    <div className="page edit-start-page">
      <PageHeader title={t('titles.start', { ns: 'edit' })} lead={t('start.lead', { ns: 'edit' })} />
      <Island name="EditStart" props={{ creations, fromCreation, fromVersion }} />
    </div>
  );
}
