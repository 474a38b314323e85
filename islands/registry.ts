// Every island, by the name the server writes into data-island. Loaded lazily in the
// browser so a page downloads only the islands it shows.
import type { ComponentType } from 'react';

export const islandLoaders = {
  Header: () => import('./Header.tsx'),
  GlobalDialogs: () => import('./GlobalDialogs.tsx'),
  ContactDialog: () => import('./ContactDialog.tsx'),
  AccountSettingsForm: () => import('./AccountSettingsForm.tsx'),
  LoginForm: () => import('./LoginForm.tsx'),
  TwoFactorForm: () => import('./TwoFactorForm.tsx'),
  PasswordResetForms: () => import('./PasswordResetForms.tsx'),
  DocumentTabs: () => import('./DocumentTabs.tsx'),
  PatentMap: () => import('./PatentMap.tsx'),
  IpcYearGraphs: () => import('./IpcYearGraphs.tsx'),
  FormulaBuilder: () => import('./FormulaBuilder.tsx'),
  HistoryEntryFavorite: () => import('./HistoryEntryFavorite.tsx'),
  HistoryEntryMemo: () => import('./HistoryEntryMemo.tsx'),
  HistoryEntryActions: () => import('./HistoryEntryActions.tsx'),
  JobProgress: () => import('./JobProgress.tsx'),
  PriorartForm: () => import('./PriorartForm.tsx'),
  ClaimChart: () => import('./ClaimChart.tsx'),
  ChartListProgress: () => import('./ChartListProgress.tsx'),
  ManagedUserForm: () => import('./ManagedUserForm.tsx'),
  CompanySettingsForm: () => import('./CompanySettingsForm.tsx'),
  NoticeManager: () => import('./NoticeManager.tsx'),
  NoticeReadAll: () => import('./NoticeReadAll.tsx'),
  CreationForm: () => import('./CreationForm.tsx'),
  DraftEditor: () => import('./DraftEditor.tsx'),
  EditStart: () => import('./EditStart.tsx'),
  DocumentEditor: () => import('./DocumentEditor.tsx'),
  GptQuotaPanel: () => import('./GptQuotaPanel.tsx'),
  GptUsageChart: () => import('./GptUsageChart.tsx'),
} satisfies Record<string, () => Promise<{ default: ComponentType<never> }>>;

export type IslandName = keyof typeof islandLoaders;

/**
 * Islands hydrated only when they come near the viewport: their scripts (d3 and the charts, a
 * third of a page's JavaScript) are not linked with the page (src/platform/assets.ts) but fetched
 * then, keeping every page within 80 KB of gzip JavaScript (bench/page-scripts). Until then the
 * server's rendering shows: the patent map's loading state (it asks for its data once hydrated),
 * the graphs and the usage chart as drawn on the server.
 */
export const ON_VIEW_ISLANDS: ReadonlySet<IslandName> = new Set<IslandName>(['PatentMap', 'IpcYearGraphs', 'GptUsageChart']);

type PropsOf<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>['default'] extends ComponentType<infer P>
  ? P
  : never;
export type IslandProps<N extends IslandName> = PropsOf<N>;

/** Source path of each island as Vite's manifest names it. */
export const islandSourcePath = (name: IslandName): string => `islands/${name}.tsx`;
