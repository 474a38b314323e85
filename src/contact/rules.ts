// The inquiry rules of SPEC §5 "Contact form" and §9 "Inquiry", with their codes (§8).
// Pure code (no Node, no DOM): the API validates with it and the contact dialog
// (islands/ContactDialog.tsx) mirrors it, so both refuse the same input with the same code.
export type InquiryArea = 'user' | 'manage';

export const INQUIRY_LIMITS = {
  name: 50,
  email: 255,
  body: 500,
  fileName: 100,
  files: 5,
  totalBytes: 8 * 1024 * 1024,
} as const;

/** The rules in the order they are checked: the first one that fails is the answer. */
export const INQUIRY_RULES = [
  'nameRequired',
  'nameTooLong',
  'emailRequired',
  'emailTooLong',
  'emailFormat',
  'bodyRequired',
  'bodyTooLong',
  'fileNameTooLong',
  'tooManyFiles',
  'tooLarge',
  'duplicateFileName',
  'fileType',
] as const;
export type InquiryRule = (typeof INQUIRY_RULES)[number];

const CODES: Record<InquiryRule, Record<InquiryArea, string>> = {
  nameRequired: { user: 'E060', manage: 'ME030' },
  nameTooLong: { user: 'E061', manage: 'ME031' },
  emailRequired: { user: 'E062', manage: 'ME032' },
  emailTooLong: { user: 'E063', manage: 'ME033' },
  emailFormat: { user: 'E064', manage: 'ME034' },
  bodyRequired: { user: 'E065', manage: 'ME035' },
  bodyTooLong: { user: 'E066', manage: 'ME036' },
  fileNameTooLong: { user: 'E067', manage: 'ME037' },
  tooManyFiles: { user: 'E068', manage: 'ME038' },
  tooLarge: { user: 'E069', manage: 'ME039' },
  duplicateFileName: { user: 'E070', manage: 'ME040' },
  // A file of a type that may not be attached: the generic invalid-input code of each area.
  fileType: { user: 'E102', manage: 'ME999' },
};

export const inquiryCode = (rule: InquiryRule, area: InquiryArea): string => CODES[rule][area];

/** Characters as PostgreSQL's varchar(n) counts them: code points, so an emoji is one, not two. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The simple pattern of §5: text @ text . text, without spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InquiryFields {
  name: string;
  email: string;
  body: string;
}

export interface InquiryFileInfo {
  name: string;
  size: number;
}

/**
 * The values as they are checked and kept: name and email on one line without surrounding
 * spaces, line breaks of the body as LF (browsers send a textarea's line breaks as CRLF,
 * which would otherwise count twice against the 500 characters), and no control
 * characters (PostgreSQL refuses NUL; the others only garble the mail).
 */
export function normalizeFields(raw: { name?: unknown; email?: unknown; body?: unknown }): InquiryFields {
  const text = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : '');
  const line = (value: unknown) => text(value).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return {
    name: line(raw.name),
    email: line(raw.email),
    body: text(raw.body)
      .replace(/\r\n?/g, '\n')
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ''),
  };
}

/** File names are compared and counted in NFC (macOS sends decomposed kana such as ハ + ゛). */
export const normalizeFileName = (name: string): string => name.normalize('NFC');

export function nameRule(name: string): InquiryRule | undefined {
  if (name.trim() === '') return 'nameRequired';
  if (characterCount(name) > INQUIRY_LIMITS.name) return 'nameTooLong';
  return undefined;
}

export function emailRule(email: string): InquiryRule | undefined {
  if (email.trim() === '') return 'emailRequired';
  if (characterCount(email) > INQUIRY_LIMITS.email) return 'emailTooLong';
  if (!EMAIL_PATTERN.test(email)) return 'emailFormat';
  return undefined;
}

export function bodyRule(body: string): InquiryRule | undefined {
  if (body.trim() === '') return 'bodyRequired';
  if (characterCount(body) > INQUIRY_LIMITS.body) return 'bodyTooLong';
  return undefined;
}

export const totalSize = (files: readonly InquiryFileInfo[]): number => files.reduce((sum, file) => sum + file.size, 0);

/** Indexes of the files whose name an earlier file already has. */
export function duplicateIndexes(files: readonly InquiryFileInfo[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  files.forEach((file, index) => {
    const name = normalizeFileName(file.name);
    if (seen.has(name)) duplicates.add(index);
    seen.add(name);
  });
  return duplicates;
}

export const fileNameTooLong = (name: string): boolean => characterCount(normalizeFileName(name)) > INQUIRY_LIMITS.fileName;

export function filesRule(files: readonly InquiryFileInfo[]): InquiryRule | undefined {
  if (files.some((file) => fileNameTooLong(file.name))) return 'fileNameTooLong';
  if (files.length > INQUIRY_LIMITS.files) return 'tooManyFiles';
  if (totalSize(files) > INQUIRY_LIMITS.totalBytes) return 'tooLarge';
  if (duplicateIndexes(files).size > 0) return 'duplicateFileName';
  return undefined;
}

/** The first rule the fields and files break (the file type is checked on its own, by content). */
export function firstBrokenRule(fields: InquiryFields, files: readonly InquiryFileInfo[]): InquiryRule | undefined {
  return nameRule(fields.name) ?? emailRule(fields.email) ?? bodyRule(fields.body) ?? filesRule(files);
}

/**
 * Attachment types (by content on the server): PNG, JPEG, GIF, PDF, Word/Excel/PowerPoint
 * (Office Open XML), plain text and CSV. Each accepted type lists the file extensions it
 * may carry, so a support desk never receives e.g. a script that merely looks like text.
 */
export const ATTACHMENT_TYPES: ReadonlyArray<{ mime: string; extensions: readonly string[] }> = [
  { mime: 'image/png', extensions: ['png'] },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  { mime: 'image/gif', extensions: ['gif'] },
  { mime: 'application/pdf', extensions: ['pdf'] },
  { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['pptx'] },
  { mime: 'text/csv', extensions: ['csv'] },
  { mime: 'text/plain', extensions: ['txt', 'text', 'log', 'tsv'] },
];

export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export const ALLOWED_EXTENSIONS: readonly string[] = ATTACHMENT_TYPES.flatMap((type) => type.extensions);

/** The extension test the dialog can make before sending; the server decides by content. */
export const hasAllowedExtension = (name: string): boolean => ALLOWED_EXTENSIONS.includes(fileExtension(name));

/** Images may carry each other's extension (a JPEG saved as .png is common and harmless). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

/** Whether bytes of `mime` may be attached under this file name. */
export function typeMatchesName(mime: string, name: string): boolean {
  const extension = fileExtension(name);
  const allowed = (type: string) => ATTACHMENT_TYPES.find((entry) => entry.mime === type)?.extensions.includes(extension) ?? false;
  if (IMAGE_TYPES.includes(mime)) return IMAGE_TYPES.some(allowed);
  if (mime === 'text/plain' || mime === 'text/csv') return allowed('text/plain') || allowed('text/csv');
  return allowed(mime);
}
