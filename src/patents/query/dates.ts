// Date conditions of the date tags (§5): yyyymmdd, from:to, :to, from:. The year starts
// with 1-9 and the month and day must exist in the calendar (20230229 does not).

export interface DateRange {
  /** yyyy-mm-dd, inclusive; null: open. */
  from: string | null;
  to: string | null;
}

export type DateProblem = { rule: 'badDate'; date: string } | { rule: 'dateRangeReversed'; from: string; to: string };

const DATE = /^([1-9]\d{3})(\d{2})(\d{2})$/;

/** yyyymmdd → yyyy-mm-dd, or null when it is not a calendar date. */
export function isoDate(yyyymmdd: string): string | null {
  const match = DATE.exec(yyyymmdd);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  if (month < 1 || month > 12 || day < 1) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  if (day > days) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** One date (that day), or a range with either end open. */
export function parseDateRange(text: string): { ok: true; range: DateRange } | { ok: false; problem: DateProblem } {
  const compact = text.replace(/\s+/g, '');
  const parts = compact.split(':');
  if (parts.length > 2 || (parts.length === 2 && !parts[0] && !parts[1]) || !compact) return { ok: false, problem: { rule: 'badDate', date: text.trim() } };
  const dates: Array<string | null> = [];
  for (const part of parts) {
    if (!part) {
      dates.push(null);
      continue;
    }
    const iso = isoDate(part);
    if (!iso) return { ok: false, problem: { rule: 'badDate', date: part } };
    dates.push(iso);
  }
  const from = dates[0] ?? null;
  const to = parts.length === 1 ? from : (dates[1] ?? null);
  if (from && to && from > to) return { ok: false, problem: { rule: 'dateRangeReversed', from: parts[0]!, to: parts[1]! } };
  return { ok: true, range: { from, to } };
}
