// Calls from islands to the JSON API: CSRF header, the `{ errcode, detail, row?, field? }`
// error shape, and the global handling of §4/§8 (session, version, unexpected errors).
export type Area = 'user' | 'manage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errcode: string,
    readonly detail: string,
    /** Where the problem is, when the server says (a formula row, a form field). */
    readonly row: number | null = null,
    readonly field: string | null = null,
  ) {
    super(detail || errcode);
  }
}

export const apiBase = (area: Area): string => (area === 'manage' ? '/api/manage' : '/api');
export const loginPath = (area: Area): string => (area === 'manage' ? '/manage/login' : '/login');

const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

/** Broadcast an error code so the global dialogs can react (session, version). */
export function announceError(errcode: string): void {
  window.dispatchEvent(new CustomEvent('hatsumei:error', { detail: { errcode } }));
}

/** §4: on E999/ME999 compare the server version with this page's; a difference becomes E998/ME998. */
export async function versionCheckedCode(errcode: string, area: Area): Promise<string> {
  if (errcode !== 'E999' && errcode !== 'ME999') return errcode;
  let serverVersion = '';
  try {
    const response = await fetch(`${apiBase(area)}/version`, { headers: { accept: 'application/json' } });
    if (response.ok) serverVersion = String((await response.json()).version ?? '');
  } catch {
    serverVersion = ''; // a failed fetch counts as empty (§4)
  }
  const clientVersion = meta('app-version');
  if (serverVersion && clientVersion && serverVersion !== clientVersion) return area === 'manage' ? 'ME998' : 'E998';
  return errcode;
}

export async function apiRequest<T>(area: Area, path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json', 'x-csrf-token': meta('csrf-token') };
  if (init.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${apiBase(area)}${path}`, {
      method: init.method ?? 'POST',
      headers,
      credentials: 'same-origin',
      body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    const errcode = area === 'manage' ? 'ME999' : 'E999';
    throw new ApiError(0, errcode, (error as Error).message);
  }
  // A sign-in step changed the session: keep using the token the server just issued.
  const freshToken = response.headers.get('x-csrf-token');
  if (freshToken) document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.setAttribute('content', freshToken);
  const payload = response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => ({})) : {};
  if (!response.ok) {
    const fallback = area === 'manage' ? 'ME999' : 'E999';
    const errcode = await versionCheckedCode(typeof payload.errcode === 'string' ? payload.errcode : fallback, area);
    announceError(errcode);
    const row = typeof payload.row === 'number' && Number.isInteger(payload.row) ? payload.row : null;
    const field = typeof payload.field === 'string' ? payload.field : null;
    throw new ApiError(response.status, errcode, String(payload.detail ?? ''), row, field);
  }
  return payload as T;
}
