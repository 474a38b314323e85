// Users and companies: the only place their SQL lives.
import { preparedStatement, type Database } from '../platform/database.ts';
import type { AccountInfo, AuthorityCD, LanguageCD } from './account.ts';
import { unreadCountQuery } from '../notice/repository.ts';

interface AccountRow {
  id: string;
  email: string;
  name: string;
  role: AuthorityCD;
  language_cd: LanguageCD;
  profile_image: string | null;
  feature_simple: boolean;
  feature_detail: boolean;
  feature_priorart: boolean;
  feature_patent_creation_support: boolean;
  mfa_enabled: boolean;
  mfa_registered: boolean;
  company_code: string;
  company_name: string;
}

function toAccountInfo(row: AccountRow): AccountInfo {
  const account: AccountInfo = {
    uid: row.id,
    email: row.email,
    userName: row.name,
    companyCD: row.company_code,
    companyName: row.company_name,
    authorityCD: row.role,
    languageCD: row.language_cd,
    profileImg: row.profile_image,
    mfa: { enable: row.mfa_enabled, isregist: row.mfa_registered },
  };
  if (row.role === 'auth_user') {
    account.enable = {
      simple: row.feature_simple,
      detail: row.feature_detail,
      priorart: row.feature_priorart,
      patent_creation_support: row.feature_patent_creation_support,
    };
  }
  return account;
}

const accountQuery = (db: Database, id: string) =>
  db('users as u')
    .join('companies as c', 'c.id', 'u.company_id')
    .select(
      'u.id', 'u.email', 'u.name', 'u.role', 'u.language_cd', 'u.profile_image',
      'u.feature_simple', 'u.feature_detail', 'u.feature_priorart', 'u.feature_patent_creation_support',
      'u.mfa_enabled', 'u.mfa_registered', 'c.code as company_code', 'c.name as company_name',
    )
    .where('u.id', id);

/** Read on every signed-in API call and manager request (users/account-middleware.ts): compiled once, run prepared. */
const accountById = preparedStatement<[string], AccountRow>((db, id) => accountQuery(db, id).limit(1));

export async function findAccountById(db: Database, id: string): Promise<AccountInfo | undefined> {
  const [row] = await accountById(db, id);
  return row ? toAccountInfo(row) : undefined;
}

/** The account and the header's unread notice count in one statement: what every signed-in page reads before it renders. */
// Prepared: its planning (~0.2 ms of PostgreSQL's CPU, warm) took longer than its run (~0.12 ms), on every signed-in page.
const accountWithUnreadNotices = preparedStatement<[string], AccountRow & { unread_notices: string | number }>((db, id) =>
  accountQuery(db, id).select(db.raw('(?) AS unread_notices', [unreadCountQuery(db, id)])).limit(1),
);

export async function findAccountWithUnreadNotices(db: Database, id: string): Promise<{ account: AccountInfo; unreadNotices: number } | undefined> {
  const [row] = await accountWithUnreadNotices(db, id);
  return row ? { account: toAccountInfo(row), unreadNotices: Number(row.unread_notices) } : undefined;
}

export interface AccountSettings {
  name: string;
  languageCD: LanguageCD;
  profileImage: string | null;
}

/**
 * The account's own settings (/setting, /manage/setting). Answers the profile image key
 * it replaced (so the caller can delete that file), or undefined when no such account.
 */
export async function updateAccountSettings(
  db: Database,
  id: string,
  settings: AccountSettings,
): Promise<{ previousProfileImage: string | null } | undefined> {
  return db.transaction(async (trx) => {
    const current = await trx('users').select<{ profile_image: string | null }>('profile_image').where('id', id).forUpdate().first();
    if (!current) return undefined;
    await trx('users')
      .update({ name: settings.name, language_cd: settings.languageCD, profile_image: settings.profileImage })
      .where('id', id);
    return { previousProfileImage: current.profile_image };
  });
}

export async function countUsers(db: Database): Promise<number> {
  const result = await db('users').count<{ count: string }[]>({ count: '*' });
  return Number(result[0]?.count ?? 0);
}

export interface NewCompany {
  code: string;
  name: string;
  userLimit?: number | null;
}

export async function insertCompany(db: Database, company: NewCompany): Promise<string> {
  const [row] = await db('companies')
    .insert({ code: company.code, name: company.name, user_limit: company.userLimit ?? null })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

export interface NewUser {
  companyId: string;
  email: string;
  name: string;
  passwordHash: string;
  role: AuthorityCD;
  languageCD?: LanguageCD;
  features?: Partial<{ simple: boolean; detail: boolean; priorart: boolean; patent_creation_support: boolean }>;
}

export async function insertUser(db: Database, user: NewUser): Promise<string> {
  const [row] = await db('users')
    .insert({
      company_id: user.companyId,
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash,
      role: user.role,
      language_cd: user.languageCD ?? 'lang_ja',
      ...(user.features?.simple !== undefined && { feature_simple: user.features.simple }),
      ...(user.features?.detail !== undefined && { feature_detail: user.features.detail }),
      ...(user.features?.priorart !== undefined && { feature_priorart: user.features.priorart }),
      ...(user.features?.patent_creation_support !== undefined && {
        feature_patent_creation_support: user.features.patent_creation_support,
      }),
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

/** The company a user belongs to (what their searches and GPT usage are counted under). */
export async function companyIdOfUser(db: Database, userId: string): Promise<string | undefined> {
  const row = await db('users').select('company_id').where({ id: userId }).first();
  return row?.company_id as string | undefined;
}
