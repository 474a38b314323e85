// The add/edit user rules of SPEC §5 "Admin add/edit user" with their codes (§8 ME016–ME027).
// Pure code (no Node, no DOM): the API validates with it and the user form island mirrors it,
// so both refuse the same input with the same code. The order of the six codes follows the
// inquiry codes (ME030–ME034): name required, name too long, email required, too long, format,
// then the one only the server knows, already registered.
import type { FeatureFlags } from '../../users/account.ts';

export type UserFormMode = 'add' | 'edit';

export const USER_LIMITS = { name: 50, email: 255 } as const;

export const USER_RULES = ['nameRequired', 'nameTooLong', 'emailRequired', 'emailTooLong', 'emailFormat', 'emailTaken'] as const;
export type UserRule = (typeof USER_RULES)[number];

/** ME016–ME021 when adding, ME022–ME027 when editing, in USER_RULES order. */
export const userRuleCode = (rule: UserRule, mode: UserFormMode): string =>
  `ME0${(mode === 'add' ? 16 : 22) + USER_RULES.indexOf(rule)}`;

/** The simple pattern of §5: text @ text . text, without spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const FEATURE_KEYS: ReadonlyArray<keyof FeatureFlags> = ['simple', 'detail', 'priorart', 'patent_creation_support'];

/** Characters as PostgreSQL's varchar(n) counts them (code points). */
const characterCount = (text: string): number => [...text].length;

/** The first rule the name and email break (the server adds emailTaken), or undefined. */
export function firstBrokenRule(fields: { name: string; email: string }): { rule: UserRule; field: 'name' | 'email' } | undefined {
  const name = fields.name.trim();
  const email = fields.email.trim();
  if (name === '') return { rule: 'nameRequired', field: 'name' };
  if (characterCount(name) > USER_LIMITS.name) return { rule: 'nameTooLong', field: 'name' };
  if (email === '') return { rule: 'emailRequired', field: 'email' };
  if (characterCount(email) > USER_LIMITS.email) return { rule: 'emailTooLong', field: 'email' };
  if (!EMAIL_PATTERN.test(email)) return { rule: 'emailFormat', field: 'email' };
  return undefined;
}

/** List sorting (§3 "Admin user list"): these keys, asc or desc. */
export const USER_SORT_KEYS = ['createdAt', 'lastLoginAt', 'lastExecAt'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export const USERS_PER_PAGE = 20;
