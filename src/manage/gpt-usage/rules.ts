// What the manager's GPT usage page accepts: the month (?month=yyyy-mm, this billing month and
// the 12 before it) and additional quota (dollars, up to two decimals, 0.01 – 10,000).
// Shared by the server and the island, so both say the same.

export const MONTHS_BACK = 12;
export const MAX_ADDITIONAL_QUOTA_USD = 10_000;

/** Features the usage page groups GPT purposes into: a purpose belongs to the first whose prefix it starts with. */
export const FEATURE_PREFIXES: ReadonlyArray<readonly [feature: string, prefixes: readonly string[]]> = [
  ['detailSearch', ['detail_search']],
  ['priorart', ['priorart', 'examination']],
  ['creation', ['creation', 'descgen', 'patent_creation']],
  ['edit', ['edit', 'patent_document']],
  ['search', ['search', 'simple_search']],
];

/** The feature key of a purpose, or null when it is not one we know (the page then shows the purpose as-is). */
export function featureOfPurpose(purpose: string): string | null {
  for (const [feature, prefixes] of FEATURE_PREFIXES) {
    if (prefixes.some((prefix) => purpose === prefix || purpose.startsWith(`${prefix}_`) || purpose.startsWith(`${prefix}-`))) return feature;
  }
  return null;
}

/** ME060 missing, ME061 not dollars with up to two decimals, ME062 outside 0.01 – 10,000. */
export function additionalQuotaRule(value: unknown): 'ME060' | 'ME061' | 'ME062' | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(/^\$/, '').replace(/,/g, '') : undefined;
  if (text === undefined || text === '') return 'ME060';
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return 'ME061';
  const amount = Number(text);
  if (!(amount > 0) || amount > MAX_ADDITIONAL_QUOTA_USD) return 'ME062';
  return null;
}

/** The amount in dollars of a value that passed additionalQuotaRule. */
export const additionalQuotaAmount = (value: unknown): number => Math.round(Number(String(value).trim().replace(/^\$/, '').replace(/,/g, '')) * 100) / 100;

/** Dollars as a manager reads them: $1,234.56 (cents below a cent shown as <$0.01). */
export function formatUsd(amount: number): string {
  if (amount > 0 && amount < 0.005) return '<$0.01';
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** 'yyyy-mm' of a billing month 'yyyy-mm-01'. */
export const monthParameter = (month: string): string => month.slice(0, 7);

/** The selectable billing months, newest first: `current` ('yyyy-mm-01') and the 12 before it. */
export function selectableMonths(current: string): string[] {
  const [year, month] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: MONTHS_BACK + 1 }, (_, back) => new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10));
}

/** The month of ?month=yyyy-mm ('yyyy-mm-01'), `current` when absent; null when it is not a selectable month. */
export function parseMonthParameter(value: unknown, current: string): string | null {
  if (value === undefined || value === '') return current;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}$/.test(value)) return null;
  const month = `${value}-01`;
  return selectableMonths(current).includes(month) ? month : null;
}
