// /priorart/build-query (§2): the simulation form (islands/PriorartForm.tsx), empty or with
// a stored simulation's input restored (reopened from history).
import type { PriorartFormInput, SimilarGroupChoice } from '../../islands/priorart-form/model.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export function PriorartBuildQueryPage({ initial, restoredFrom, gptConfigured = false, similarGroups = [] }: { initial: PriorartFormInput; restoredFrom: string | null; gptConfigured?: boolean; similarGroups?: SimilarGroupChoice[] }) {
  const { t } = usePage();
  return (
    <div className="page priorart-build-page">
      <PageHeader title={t('titles.build', { ns: 'priorart' })} lead={t('build.lead', { ns: 'priorart' })} />
      <Island name="PriorartForm" props={{ initial, restoredFrom, gptConfigured, similarGroups }} />
    </div>
  );
}
