// What the managers' audit log records (issue 14 part 6). Pure code: the log page, its filter
// and the API share these names.

export const AUDIT_ACTIONS = [
  'userAdded',
  'userChanged',
  'userDeleted',
  'passwordResetSent',
  'secondFactorReset',
  'companySettingsChanged',
  'ownSettingsChanged',
  'noticeCreated',
  'noticeEdited',
  'noticePublished',
  'noticeUnpublished',
  'noticeDeleted',
  'gptQuotaAdded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: unknown): value is AuditAction => AUDIT_ACTIONS.includes(value as AuditAction);

/** One changed field, before → after (feature flags as `feature.detail`). Never a secret. */
export interface AuditChange {
  field: string;
  before: string | boolean | string[] | null;
  after: string | boolean | string[] | null;
}

export interface AuditDetails {
  changes?: AuditChange[];
  /** A notice's title (Japanese, else English) as it was. */
  noticeTitle?: string;
  amountUsd?: number;
  month?: string;
}

export const AUDIT_PER_PAGE = 50;
export const AUDIT_ABOUT_USER = 20;

/** The fields that differ between two flat records, in the order of `fields`. */
export function changesBetween<T extends Record<string, AuditChange['before']>>(before: T, after: T, fields: ReadonlyArray<keyof T & string>): AuditChange[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return fields.filter((field) => !same(before[field], after[field])).map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}
