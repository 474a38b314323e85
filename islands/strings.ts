// The locale namespaces each island translates with (locales/*/islands*.json). A page ships
// the strings of the islands it shows, not all of them: every page used to inline ~33 KB of
// JSON per language, most of it the formula builder's.
// test/web/island-strings.test.ts checks the keys each island's sources use against this list.
import type { IslandName } from './registry.ts';

export const ISLAND_STRINGS: Record<IslandName, readonly string[]> = {
  Header: ['islands', 'islands-contact', 'islands-notice'],
  GlobalDialogs: ['islands'],
  ContactDialog: ['islands-contact'],
  AccountSettingsForm: ['islands-settings'],
  LoginForm: ['islands-auth'],
  TwoFactorForm: ['islands-auth'],
  PasswordResetForms: ['islands-auth'],
  DocumentTabs: ['islands-document'],
  PatentMap: ['islands-map'],
  IpcYearGraphs: ['islands-graphs'],
  FormulaBuilder: ['islands-builder', 'islands-formula'],
  HistoryEntryFavorite: ['islands-history'],
  HistoryEntryMemo: ['islands-history'],
  HistoryEntryActions: ['islands-history'],
  JobProgress: ['islands-history'],
  PriorartForm: ['islands-priorart', 'islands-builder', 'islands-formula'],
  // Its own namespace: the result page used to ship the build-query form's ~7 KB of strings with it.
  ClaimChart: ['islands-claim-chart'],
  ChartListProgress: ['islands-claim-chart'],
  ManagedUserForm: ['islands-manage'],
  CompanySettingsForm: ['islands-manage-settings'],
  NoticeManager: ['islands-notice'],
  NoticeReadAll: ['islands-notice'],
  CreationForm: ['islands-creation'],
  DraftEditor: ['islands-creation'],
  EditStart: ['islands-edit'],
  DocumentEditor: ['islands-edit'],
  GptQuotaPanel: ['islands-manage-gpt-usage'],
  GptUsageChart: ['islands-manage-gpt-usage'],
};

/** The namespaces a page with these islands needs, in a stable order (a cache key). */
export const namespacesOfIslands = (islands: Iterable<string>): string[] =>
  [...new Set([...islands].flatMap((name) => ISLAND_STRINGS[name as IslandName] ?? []))].sort();
