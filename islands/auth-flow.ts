// The steps after a password or code is accepted (SPEC §4 login flows).
import { announceError, apiRequest, type Area } from './api.ts';

export interface AccountSummary {
  mfa: { enable: boolean; isregist: boolean };
}

export const landingPath = (area: Area): string => (area === 'manage' ? '/manage/users' : '/search');
export const twoFactorPath = (area: Area): string => (area === 'manage' ? '/manage/2fa' : '/2fa');

/** §4: a token counts only if it is not empty, undefined or the text "undefined". */
export const isUsableToken = (token: unknown): token is string => typeof token === 'string' && token !== '' && token !== 'undefined';

/** Compares the server's version with this page's; a mismatch raises E998/ME998 (§4). */
export async function versionMatches(area: Area): Promise<boolean> {
  const { version } = await apiRequest<{ version: string }>(area, '/version', { method: 'GET' });
  const client = document.querySelector<HTMLMetaElement>('meta[name="app-version"]')?.content ?? '';
  if (version && client && version !== client) {
    announceError(area === 'manage' ? 'ME998' : 'E998');
    return false;
  }
  return true;
}

/** After the password: account info, version check, then the second factor or the landing page. */
export async function continueAfterLogin(area: Area): Promise<string | undefined> {
  let account: AccountSummary;
  try {
    account = await apiRequest<AccountSummary>(area, '/account');
  } catch (error) {
    await apiRequest(area, '/logout').catch(() => undefined); // discard the token (§4)
    throw error;
  }
  if (!(await versionMatches(area))) return undefined;
  return account.mfa.enable ? twoFactorPath(area) : landingPath(area);
}
