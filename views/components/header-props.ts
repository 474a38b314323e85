// Which header tabs a person sees: one per enabled feature (§2, §6).
import type { HeaderProps, HeaderTab } from '../../islands/Header.tsx';
import { DEFAULT_FEATURES, type AccountInfo, type FeatureFlags } from '../../src/users/account.ts';
import type { PageContextValue } from '../page-context.tsx';
import { profileImagePath } from '../../src/account/shared.ts';

interface TabDefinition {
  key: string;
  href: string;
  /** Paths under which the tab counts as the current one. */
  prefixes: string[];
  feature?: keyof FeatureFlags;
}

const USER_TABS: TabDefinition[] = [
  { key: 'simple', href: '/search', prefixes: ['/search'], feature: 'simple' },
  { key: 'detail', href: '/detail-search/build-query', prefixes: ['/detail-search'], feature: 'detail' },
  { key: 'priorart', href: '/priorart/build-query', prefixes: ['/priorart'], feature: 'priorart' },
  {
    key: 'patent_creation_support',
    href: '/patent-creation-support/create',
    prefixes: ['/patent-creation-support', '/patent-document-edit'],
    feature: 'patent_creation_support',
  },
  { key: 'history', href: '/history', prefixes: ['/history'] },
];

const MANAGER_TABS: TabDefinition[] = [
  { key: 'addUser', href: '/manage/add-user', prefixes: ['/manage/add-user'] },
  { key: 'users', href: '/manage/users', prefixes: ['/manage/users'] },
  { key: 'auditLog', href: '/manage/audit-log', prefixes: ['/manage/audit-log'] },
];

function toTabs(definitions: TabDefinition[], path: string, features: FeatureFlags): HeaderTab[] {
  return definitions
    .filter((tab) => !tab.feature || features[tab.feature])
    .map((tab) => ({
      key: tab.key,
      href: tab.href,
      active: tab.prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
    }));
}

export function userHeaderProps(page: PageContextValue, account: AccountInfo | undefined): HeaderProps {
  return {
    area: 'user',
    homeHref: '/',
    tabs: toTabs(USER_TABS, page.path, account?.enable ?? DEFAULT_FEATURES),
    accountName: account?.userName ?? null,
    accountImage: account?.profileImg ? profileImagePath('user', account.profileImg) : null,
    accountHref: '/setting',
    newsHref: '/notice',
    newsUnread: page.unreadNotices ?? 0,
    faqUrl: page.links.faq,
    gptUsageHref: null,
    contactName: account?.userName ?? null,
    contactEmail: account?.email ?? null,
  };
}

export function managerHeaderProps(page: PageContextValue, account: AccountInfo | undefined): HeaderProps {
  return {
    area: 'manage',
    homeHref: '/manage/users',
    tabs: toTabs(MANAGER_TABS, page.path, DEFAULT_FEATURES),
    accountName: account?.userName ?? null,
    accountImage: account?.profileImg ? profileImagePath('manage', account.profileImg) : null,
    accountHref: '/manage/setting',
    newsHref: '/manage/notice',
    faqUrl: page.links.faq,
    gptUsageHref: '/manage/gpt-usage-status',
    contactName: account?.userName ?? null,
    contactEmail: account?.email ?? null,
  };
}
