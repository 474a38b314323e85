// The builder's calls go through islands/api.ts (CSRF header, `{ errcode, detail, row?, field? }`
// errors, global handling); here: background jobs queued, polled and cancelled.
import { ApiError, apiRequest } from '../api.ts';

/** Codes the global dialogs handle (session, version): not repeated in the form. */
export const HANDLED_GLOBALLY: ReadonlySet<string> = new Set(['E073', 'E998']);

/** A call to one of the API paths the builder names in full (`/api/…`); apiRequest adds `/api` itself. */
export const callApi = <T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> =>
  apiRequest<T>('user', path.replace(/^\/api(?=\/)/, ''), { method, body, signal });

/** Background job status as GET /api/jobs/:uuid answers it (§3 background job; status 0 queued/running, 1 done, 8 failed, 9 cancelled). */
export interface JobStatus<R> {
  status: 0 | 1 | 8 | 9;
  progress: number;
  result: R | null;
  errcode: string | null;
  detail?: string;
}

export const JOB_POLL_MS = 1000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

/** Queues a job: the answer names it (`jobUuid`) and, for some calls, a related job too. */
export async function startJob(path: string, body: unknown, signal: AbortSignal): Promise<{ jobUuid: string } & Record<string, unknown>> {
  const answer = await callApi<{ jobUuid?: unknown } & Record<string, unknown>>('POST', path, body, signal);
  if (typeof answer.jobUuid !== 'string' || !answer.jobUuid) throw new ApiError(500, 'E999', '');
  return answer as { jobUuid: string } & Record<string, unknown>;
}

/**
 * Polls a job about once a second, reporting its progress, until it ends: its result on
 * success, a ApiError with the job's code on failure (E999 when it gives none) or
 * cancellation ("cancelled").
 */
export async function waitForJob<R>(jobUuid: string, onProgress: (percent: number) => void, signal: AbortSignal): Promise<R> {
  for (;;) {
    await pause(JOB_POLL_MS, signal);
    const job = await callApi<JobStatus<R>>('GET', `/api/jobs/${encodeURIComponent(jobUuid)}`, undefined, signal);
    onProgress(Math.max(0, Math.min(100, Number(job.progress) || 0)));
    if (job.status === 1) return job.result as R;
    if (job.status === 8 || job.status === 9) {
      throw new ApiError(200, job.status === 9 ? 'cancelled' : (job.errcode ?? 'E999'), job.detail ?? '');
    }
  }
}

/** Asks the server to cancel a job (and its related jobs); a failure here changes nothing for the person. */
export async function cancelJob(jobUuid: string): Promise<void> {
  try {
    await callApi('POST', `/api/jobs/${encodeURIComponent(jobUuid)}/cancel`, {});
  } catch {
    // already finished or gone: nothing left to stop
  }
}
