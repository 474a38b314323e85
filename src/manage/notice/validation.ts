// The notice form's rules, pure code (no Node, no DOM): the API validates with it and the
// manager's island mirrors it, so both refuse the same input with the same code.
// The spec gives no limits nor codes for notices (§8 stops at ME043). Chosen here:
// a title of at most 100 characters (a line in a list), a body of at most 5,000 (a long
// announcement, still one screen or two), counted as PostgreSQL counts them (code points);
// codes MN001–MN003 ("manager notice"), kept apart from the spec's ME codes.
export const NOTICE_LIMITS = { title: 100, body: 5000 } as const;

export const NOTICE_CODES = { titleRequired: 'MN001', titleTooLong: 'MN002', bodyTooLong: 'MN003' } as const;
export type NoticeRule = keyof typeof NOTICE_CODES;

export const IMPORTANCES = ['normal', 'important'] as const;
export type Importance = (typeof IMPORTANCES)[number];

export interface NoticeFields {
  titleJa: string;
  titleEn: string;
  bodyJa: string;
  bodyEn: string;
  importance: Importance;
}

export type NoticeField = 'titleJa' | 'titleEn' | 'bodyJa' | 'bodyEn';

const characterCount = (text: string): number => [...text].length;

/** The first rule the fields break and the field it shows by, or undefined. Either language may be empty, not both titles. */
export function firstBrokenNoticeRule(fields: Pick<NoticeFields, NoticeField>): { rule: NoticeRule; field: NoticeField } | undefined {
  const titleJa = fields.titleJa.trim();
  const titleEn = fields.titleEn.trim();
  if (titleJa === '' && titleEn === '') return { rule: 'titleRequired', field: 'titleJa' };
  if (characterCount(titleJa) > NOTICE_LIMITS.title) return { rule: 'titleTooLong', field: 'titleJa' };
  if (characterCount(titleEn) > NOTICE_LIMITS.title) return { rule: 'titleTooLong', field: 'titleEn' };
  if (characterCount(fields.bodyJa.trim()) > NOTICE_LIMITS.body) return { rule: 'bodyTooLong', field: 'bodyJa' };
  if (characterCount(fields.bodyEn.trim()) > NOTICE_LIMITS.body) return { rule: 'bodyTooLong', field: 'bodyEn' };
  return undefined;
}

/**
 * Reads `{ titleJa, titleEn, bodyJa, bodyEn, importance? }` (the API body). A broken rule is a
 * 400 with its code, the field it belongs to, and the message in the manager's language
 * (locales/{ja,en}/manage-notice.json); a body of the wrong shape is the generic ME999.
 * The error is made by the caller (AppError on the server) so the island can share this module.
 */
export function parseNoticeFields(body: unknown, makeError: (status: number, errcode: string, messageKey: string, field?: NoticeField) => Error): NoticeFields {
  const invalid = () => makeError(400, 'ME999', 'badRequest');
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid();
  const raw = body as Record<string, unknown>;
  const text = (key: NoticeField): string => {
    const value = raw[key] ?? '';
    if (typeof value !== 'string') throw invalid();
    return value;
  };
  const fields = { titleJa: text('titleJa'), titleEn: text('titleEn'), bodyJa: text('bodyJa'), bodyEn: text('bodyEn') };
  const importance = raw.importance ?? 'normal';
  if (!IMPORTANCES.includes(importance as Importance)) throw invalid();
  const broken = firstBrokenNoticeRule(fields);
  if (broken) throw makeError(400, NOTICE_CODES[broken.rule], `manage-notice:errors.${NOTICE_CODES[broken.rule]}`, broken.field);
  // A title is one line; a body keeps its line breaks but not the blank edges.
  const line = (value: string) => value.replace(/\s+/g, ' ').trim();
  return { titleJa: line(fields.titleJa), titleEn: line(fields.titleEn), bodyJa: fields.bodyJa.trim(), bodyEn: fields.bodyEn.trim(), importance: importance as Importance };
}
