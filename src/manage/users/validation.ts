// Request shapes of the user administration API: the form body and the list's query
// parameters. The name and email rules themselves are in rules.ts (shared with the island).
import { AppError } from '../../platform/errors.ts';
import { isStorableText } from '../../platform/input.ts';
import { DEFAULT_FEATURES, type FeatureFlags } from '../../users/account.ts';
import { FEATURE_KEYS, firstBrokenRule, USER_SORT_KEYS, USERS_PER_PAGE, userRuleCode, type UserFormMode, type UserSortKey } from './rules.ts';
import type { ListQuery, UserFields } from './repository.ts';

const invalid = () => new AppError(400, 'ME999', 'badRequest');

/** `{ name, email, enable?, mfaEnable? }`; a flag left out takes the §6 default when adding, its current value when editing. */
export function validateUserFields(mode: UserFormMode, body: unknown, current?: { enable: FeatureFlags; mfaEnabled: boolean }): UserFields {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid();
  const { name, email, enable, mfaEnable } = body as Record<string, unknown>;
  if ((name !== undefined && typeof name !== 'string') || (email !== undefined && typeof email !== 'string')) throw invalid();
  const fields = { name: (name ?? '') as string, email: (email ?? '') as string };
  const broken = firstBrokenRule(fields);
  if (broken) throw new AppError(400, userRuleCode(broken.rule, mode), userRuleCode(broken.rule, mode), {}, { field: broken.field });
  // Line breaks and other control characters have no place in a name.
  if (/[\u0000-\u001F\u007F]/.test(fields.name) || !isStorableText(fields.name)) throw invalid();

  const flags: FeatureFlags = { ...(current?.enable ?? DEFAULT_FEATURES) };
  if (enable !== undefined) {
    if (!enable || typeof enable !== 'object' || Array.isArray(enable)) throw invalid();
    for (const [key, value] of Object.entries(enable)) {
      if (!FEATURE_KEYS.includes(key as keyof FeatureFlags) || typeof value !== 'boolean') throw invalid();
      flags[key as keyof FeatureFlags] = value;
    }
  }
  if (mfaEnable !== undefined && typeof mfaEnable !== 'boolean') throw invalid();
  // A new account has the second factor on unless the manager says otherwise (the column's default).
  const mfaEnabled = (mfaEnable as boolean | undefined) ?? current?.mfaEnabled ?? true;
  return { name: fields.name.trim(), email: fields.email.trim(), enable: flags, mfaEnabled };
}

const single = (value: unknown): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid();
  return value;
};

/** `?sort=createdAt|lastLoginAt|lastExecAt&order=asc|desc&q=…&page=n` (bookmarkable; defaults: newest first). */
export function parseListQuery(query: Record<string, unknown>): ListQuery {
  const sort = single(query.sort) || 'createdAt';
  if (!USER_SORT_KEYS.includes(sort as UserSortKey)) throw invalid();
  const order = single(query.order) || 'desc';
  if (order !== 'asc' && order !== 'desc') throw invalid();
  const search = (single(query.q) ?? '').trim();
  if ([...search].length > 255) throw invalid();
  const pageText = single(query.page) || '1';
  if (!/^[1-9]\d{0,5}$/.test(pageText)) throw invalid();
  return { sort: sort as UserSortKey, order, search, page: Number(pageText), perPage: USERS_PER_PAGE };
}

/** The list as address parameters, defaults left out (the page's sort links and pager). */
export function listParameters(query: ListQuery, changes: Partial<ListQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.sort !== 'createdAt') params.set('sort', next.sort);
  if (next.order !== 'desc') params.set('order', next.order);
  if (next.search) params.set('q', next.search);
  if (next.page !== 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
