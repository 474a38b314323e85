// What every server-rendered view may read: language, translate, the signed-in
// account, footer links and the client version. Serialisable except for `t`.
import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import type { AccountInfo } from '../src/users/account.ts';
import type { Language } from '../src/platform/i18n.ts';

export interface PageContextValue {
  lang: Language;
  t: TFunction;
  path: string;
  /** Full path with query, for the language switch to come back to. */
  url: string;
  account?: AccountInfo;
  managerAccount?: AccountInfo;
  /** Signed-in users' pages: notices not opened yet (src/notice/unread-count.ts). */
  unreadNotices?: number;
  links: { privacyPolicy: string; termsOfUse: string; contact: string; operatingCompany: string; faq: string };
  appVersion: string;
  csrfToken: string;
  /** Locale namespaces islands translate with (islands*.json). */
  islandNamespaces: string[];
  /** Island names rendered so far, so the document can preload their scripts. */
  islandsUsed: Set<string>;
}

const PageContext = createContext<PageContextValue | null>(null);
export const PageContextProvider = PageContext.Provider;

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage() outside a rendered page');
  return value;
}
