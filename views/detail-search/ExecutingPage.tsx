// /detail-search/executing (§2, §4 search flow): the search that is running, its progress,
// cancel, and the note that the user may leave and reopen it from history. The page's
// controller (src/detail-search) loads the user's own query and renders this view with the
// title `req.t('executing.title', { ns: 'history' })`.
import type { JobProgressProps } from '../../islands/JobProgress.tsx';
import type { HistoryKind } from '../../src/history/shared.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

export interface ExecutingPageProps {
  queryId: string;
  /** One line saying what runs (e.g. detailSearchSummary(input) from src/history/shared.ts). */
  summary: string;
  status: number;
  progress: number;
  errcode: string | null;
  /** Another kind's waiting page (prior art …) passes its kind and addresses; detailed search by default. */
  kind?: HistoryKind;
  /** Creation support: the §4 stage reached and whether GPT takes part (its stage is named only then). */
  stage?: number;
  usesGpt?: boolean;
  urls?: Partial<Pick<JobProgressProps, 'statusUrl' | 'cancelUrl' | 'resultUrl' | 'buildUrl'>>;
}

/** Codes a detailed search can end with (§8: formula, search, quota and unexpected errors). */
const JOB_ERROR_CODES = ['E022', 'E023', 'E024', 'E025', 'E026', 'E027', 'E028', 'E029', 'E098', 'E301', 'E302', 'E401', 'E416', 'E072', 'E999'];
/** And a draft's (§8 creation codes, descgen-*, GPT quota and failure). */
const CREATION_ERROR_CODES = ['E040', 'E041', 'E042', 'E043', 'E044', 'E045', 'E047', 'E048', 'E049', 'E050', 'E051', 'E052', 'E053', 'E054', 'E098', 'E417', 'convert-0000', 'descgen-0000', 'descgen-1001', 'descgen-1002', 'descgen-1003', 'descgen-2001', 'descgen-9999'];
/** And a simulation's (§8 E030–E039, E100, convert-0000, esn-*: each message says what to change). */
const PRIORART_ERROR_CODES = ['E030', 'E031', 'E032', 'E033', 'E034', 'E035', 'E039', 'E100', 'convert-0000', 'esn-1001', 'esn-1002', 'esn-1003', 'esn-1004', 'esn-1005', 'esn-2001'];

export function ExecutingPage({ queryId, summary, status, progress, errcode, kind = 'detail', stage, usesGpt, urls = {} }: ExecutingPageProps) {
  const { t } = usePage();
  const id = encodeURIComponent(queryId);
  const words = kind === 'priorart' ? 'executing.priorart' : kind === 'patent_creation_support' ? 'executing.creation' : 'executing';
  const errorMessages: Record<string, string> = {};
  for (const code of new Set([...JOB_ERROR_CODES, ...(kind === 'priorart' ? PRIORART_ERROR_CODES : []), ...(kind === 'patent_creation_support' ? CREATION_ERROR_CODES : []), ...(errcode ? [errcode] : [])])) {
    const message = t(code, { ns: 'errors', defaultValue: '' });
    if (message) errorMessages[code] = message;
  }
  return (
    <div className="page executing-page">
      <PageHeader title={t(`${words}.title`, { ns: 'history' })} lead={t(`${words}.lead`, { ns: 'history' })} />
      <section className="panel executing-page__panel">
        <h2 className="executing-page__summary-label">{t(`${words}.summary`, { ns: 'history' })}</h2>
        <p className="executing-page__summary" data-testid="executing-summary">
          {summary || t('executing.noSummary', { ns: 'history' })}
        </p>
        <Island
          name="JobProgress"
          props={{
            queryId,
            kind,
            statusUrl: urls.statusUrl ?? `/api/detail-search/status?id=${id}`,
            cancelUrl: urls.cancelUrl ?? '/api/detail-search/cancel',
            resultUrl: urls.resultUrl ?? `/detail-search/result?id=${id}&type=detail`,
            buildUrl: urls.buildUrl ?? `/detail-search/build-query?id=${id}`,
            status,
            progress,
            errcode,
            errorMessages,
            ...(stage !== undefined && { stage }),
            ...(usesGpt !== undefined && { usesGpt }),
          }}
        />
      </section>
    </div>
  );
}
