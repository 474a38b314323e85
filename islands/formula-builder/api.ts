// The builder's calls: the detailed-search API answers errors as `{ errcode, detail, row?, field? }`
// (row and field say where the problem is, so it shows next to it), which islands/api.ts's
// ApiError does not carry; the CSRF header and the global handling are the same.
import { announceError, versionCheckedCode } from '../api.ts';

export class BuilderApiError extends Error {
  constructor(
    readonly status: number,
    readonly errcode: string,
    readonly detail: string,
    readonly row: number | null = null,
    readonly field: string | null = null,
  ) {
    super(detail || errcode);
  }
}

const csrfToken = (): string => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';

export async function callApi<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { accept: 'application/json', 'x-csrf-token': csrfToken(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new BuilderApiError(0, 'E999', (error as Error).message);
  }
  const payload = response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => ({})) : {};
  if (!response.ok) {
    const errcode = await versionCheckedCode(typeof payload.errcode === 'string' ? payload.errcode : 'E999', 'user');
    announceError(errcode);
    const row = typeof payload.row === 'number' && Number.isInteger(payload.row) ? payload.row : null;
    const field = typeof payload.field === 'string' ? payload.field : null;
    throw new BuilderApiError(response.status, errcode, String(payload.detail ?? ''), row, field);
  }
  return payload as T;
}

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
  if (typeof answer.jobUuid !== 'string' || !answer.jobUuid) throw new BuilderApiError(500, 'E999', '');
  return answer as { jobUuid: string } & Record<string, unknown>;
}

/**
 * Polls a job about once a second, reporting its progress, until it ends: its result on
 * success, a BuilderApiError with the job's code on failure (E999 when it gives none) or
 * cancellation ("cancelled").
 */
export async function waitForJob<R>(jobUuid: string, onProgress: (percent: number) => void, signal: AbortSignal): Promise<R> {
  for (;;) {
    await pause(JOB_POLL_MS, signal);
    const job = await callApi<JobStatus<R>>('GET', `/api/jobs/${encodeURIComponent(jobUuid)}`, undefined, signal);
    onProgress(Math.max(0, Math.min(100, Number(job.progress) || 0)));
    if (job.status === 1) return job.result as R;
    if (job.status === 8 || job.status === 9) {
      throw new BuilderApiError(200, job.status === 9 ? 'cancelled' : (job.errcode ?? 'E999'), job.detail ?? '');
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
