// The managed users of a company (SPEC §3 "Managed user list", §6 user cap): the only place
// their SQL lives. Every statement is scoped by the manager's company, so an id of another
// company's user reads as absent.
import type { Knex } from 'knex';
import type { Database } from '../../platform/database.ts';
import type { FeatureFlags, LanguageCD } from '../../users/account.ts';
import type { UserSortKey } from './rules.ts';

export interface ManagedUser {
  uid: string;
  name: string;
  email: string;
  languageCD: LanguageCD;
  createdAt: string;
  lastLoginAt: string | null;
  /** The latest run (queries.exec_date) of the user. */
  lastExecAt: string | null;
  enable: FeatureFlags;
  mfa: { enable: boolean; isregist: boolean };
}

interface Row {
  id: string;
  name: string;
  email: string;
  language_cd: LanguageCD;
  created_at: Date;
  last_login_at: Date | null;
  last_exec_at: Date | null;
  feature_simple: boolean;
  feature_detail: boolean;
  feature_priorart: boolean;
  feature_patent_creation_support: boolean;
  mfa_enabled: boolean;
  mfa_registered: boolean;
}

const toUser = (row: Row): ManagedUser => ({
  uid: row.id,
  name: row.name,
  email: row.email,
  languageCD: row.language_cd,
  createdAt: row.created_at.toISOString(),
  lastLoginAt: row.last_login_at?.toISOString() ?? null,
  lastExecAt: row.last_exec_at?.toISOString() ?? null,
  enable: {
    simple: row.feature_simple,
    detail: row.feature_detail,
    priorart: row.feature_priorart,
    patent_creation_support: row.feature_patent_creation_support,
  },
  mfa: { enable: row.mfa_enabled, isregist: row.mfa_registered },
});

const SORT_COLUMNS: Record<UserSortKey, string> = { createdAt: 'created_at', lastLoginAt: 'last_login_at', lastExecAt: 'last_exec_at' };

/** Ordinary users of the company (managers are not managed here), with their latest run. */
function usersOf(db: Database | Knex.Transaction, companyId: string) {
  return db('users as u')
    .select(
      'u.id', 'u.name', 'u.email', 'u.language_cd', 'u.created_at', 'u.last_login_at',
      'u.feature_simple', 'u.feature_detail', 'u.feature_priorart', 'u.feature_patent_creation_support',
      'u.mfa_enabled', 'u.mfa_registered',
      db.raw('(SELECT max(q.exec_date) FROM queries q WHERE q.user_id = u.id) AS last_exec_at'),
    )
    .where({ 'u.company_id': companyId, 'u.role': 'auth_user' });
}

export interface ListQuery {
  sort: UserSortKey;
  order: 'asc' | 'desc';
  search: string;
  page: number;
  perPage: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(db: Database, companyId: string, query: ListQuery): Promise<{ users: ManagedUser[]; totalCount: number }> {
  const filtered = (q: Knex.QueryBuilder) => {
    if (query.search) {
      const pattern = `%${escapeLike(query.search)}%`;
      q.andWhere((w) => w.whereRaw(`u.name ILIKE ? ESCAPE '\\'`, [pattern]).orWhereRaw(`u.email::text ILIKE ? ESCAPE '\\'`, [pattern]));
    }
    return q;
  };
  const column = SORT_COLUMNS[query.sort];
  const rows = await filtered(usersOf(db, companyId))
    .orderByRaw(`${column} ${query.order} NULLS LAST, u.id`)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [count] = await filtered(db('users as u').where({ 'u.company_id': companyId, 'u.role': 'auth_user' })).count<{ n: string }[]>({ n: '*' });
  return { users: (rows as Row[]).map(toUser), totalCount: Number(count?.n ?? 0) };
}

export async function findUser(db: Database, companyId: string, id: string): Promise<ManagedUser | undefined> {
  const row = (await usersOf(db, companyId).andWhere('u.id', id).first()) as Row | undefined;
  return row ? toUser(row) : undefined;
}

export async function emailTaken(db: Database, email: string, exceptId?: string): Promise<boolean> {
  const q = db('users').where({ email });
  if (exceptId) q.whereNot({ id: exceptId });
  return Boolean(await q.first('id'));
}

export interface UserFields {
  name: string;
  email: string;
  enable: FeatureFlags;
  mfaEnabled: boolean;
}

const featureColumns = (enable: FeatureFlags) => ({
  feature_simple: enable.simple,
  feature_detail: enable.detail,
  feature_priorart: enable.priorart,
  feature_patent_creation_support: enable.patent_creation_support,
});

/**
 * Adds a user unless the company's cap is reached. The company row is locked while counting,
 * so two additions at the same moment cannot both take the last place. The count is of every
 * account of the company, managers included, as sign-in counts it (src/auth/service.ts).
 */
export async function insertUserWithinCap(
  db: Database,
  companyId: string,
  user: UserFields & { passwordHash: string; languageCD: LanguageCD },
): Promise<{ id: string } | 'capReached'> {
  return db.transaction(async (trx) => {
    const company = await trx('companies').select<{ user_limit: number | null }>('user_limit').where({ id: companyId }).forUpdate().first();
    if (company?.user_limit !== null && company?.user_limit !== undefined) {
      const [count] = await trx('users').where({ company_id: companyId }).count<{ n: string }[]>({ n: '*' });
      if (Number(count?.n ?? 0) >= company.user_limit) return 'capReached';
    }
    const [row] = await trx('users')
      .insert({
        company_id: companyId,
        email: user.email,
        name: user.name,
        password_hash: user.passwordHash,
        role: 'auth_user',
        language_cd: user.languageCD,
        mfa_enabled: user.mfaEnabled,
        ...featureColumns(user.enable),
      })
      .returning<{ id: string }[]>('id');
    return { id: row!.id };
  });
}

export async function updateUser(db: Database, companyId: string, id: string, user: UserFields): Promise<boolean> {
  const updated = await db('users')
    .where({ id, company_id: companyId, role: 'auth_user' })
    .update({ name: user.name, email: user.email, mfa_enabled: user.mfaEnabled, ...featureColumns(user.enable) });
  return updated === 1;
}

/** The user registers a new authenticator at their next sign-in (the old one stops working now). */
export async function resetSecondFactor(db: Database, companyId: string, id: string): Promise<boolean> {
  const updated = await db('users')
    .where({ id, company_id: companyId, role: 'auth_user' })
    .update({ mfa_registered: false, mfa_secret: null, mfa_last_time_step: null });
  return updated === 1;
}

/**
 * Deletes the user; their queries, jobs and reset tokens go with them (ON DELETE CASCADE),
 * their inquiries and GPT usage stay counted for the company without a name (SET NULL).
 */
export async function deleteUser(db: Database, companyId: string, id: string): Promise<boolean> {
  const deleted = await db('users').where({ id, company_id: companyId, role: 'auth_user' }).delete();
  return deleted === 1;
}
