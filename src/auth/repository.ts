// Sign-in data: credentials, second-factor secrets, password-reset tokens. (Locks after failed
// attempts are counters in the rate-limit store, keyed by address and email: src/auth/routes.ts.)
import type { Database } from '../platform/database.ts';
import type { AuthorityCD } from '../users/account.ts';

export interface Credentials {
  id: string;
  email: string;
  name: string;
  role: AuthorityCD;
  passwordHash: string;
  mfaEnabled: boolean;
  mfaRegistered: boolean;
  mfaSecret: string | null;
  mfaLastTimeStep: number | null;
  companyId: string;
  companyUserLimit: number | null;
  companyAllowedNetworks: string[] | null;
}

const credentialColumns = [
  'u.id',
  'u.email',
  'u.name',
  'u.role',
  'u.password_hash as passwordHash',
  'u.mfa_enabled as mfaEnabled',
  'u.mfa_registered as mfaRegistered',
  'u.mfa_secret as mfaSecret',
  'u.mfa_last_time_step as mfaLastTimeStep',
  'u.company_id as companyId',
  'c.user_limit as companyUserLimit',
  'c.allowed_networks as companyAllowedNetworks',
];

function normalise(row: Credentials | undefined): Credentials | undefined {
  if (!row) return undefined;
  const networks = row.companyAllowedNetworks as unknown;
  return {
    ...row,
    mfaLastTimeStep: row.mfaLastTimeStep === null ? null : Number(row.mfaLastTimeStep),
    // node-pg returns cidr[] as a '{a,b}' literal.
    companyAllowedNetworks:
      typeof networks === 'string' ? networks.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : (networks as string[] | null),
  };
}

export async function findCredentialsByEmail(db: Database, email: string): Promise<Credentials | undefined> {
  return normalise(await db('users as u').join('companies as c', 'c.id', 'u.company_id').select<Credentials>(credentialColumns).where('u.email', email).first());
}

export async function findCredentialsById(db: Database, id: string): Promise<Credentials | undefined> {
  return normalise(await db('users as u').join('companies as c', 'c.id', 'u.company_id').select<Credentials>(credentialColumns).where('u.id', id).first());
}

export async function countCompanyUsers(db: Database, companyId: string): Promise<number> {
  const [row] = await db('users').where({ company_id: companyId }).count<{ count: string }[]>({ count: '*' });
  return Number(row?.count ?? 0);
}

export async function recordSignIn(db: Database, id: string): Promise<void> {
  await db('users').where({ id }).update({ last_login_at: db.fn.now() });
}

export async function saveMfaSecret(db: Database, id: string, secret: string): Promise<void> {
  await db('users').where({ id, mfa_registered: false }).update({ mfa_secret: secret, mfa_last_time_step: null });
}

/**
 * Accepts a verified code's time step only if it is newer than the last one used
 * (atomic, so two requests with the same code cannot both pass).
 */
export async function consumeTimeStep(db: Database, id: string, timeStep: number, register: boolean): Promise<boolean> {
  const updated = await db('users')
    .where({ id })
    .andWhere((q) => q.whereNull('mfa_last_time_step').orWhere('mfa_last_time_step', '<', timeStep))
    .update({ mfa_last_time_step: timeStep, ...(register && { mfa_registered: true }) });
  return updated === 1;
}

export async function insertResetToken(db: Database, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db('password_reset_tokens').insert({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
}

/** Marks the token used and returns its user, if it is unused and unexpired (one use only). */
export async function consumeResetToken(db: Database, tokenHash: string): Promise<{ userId: string; role: AuthorityCD; email: string } | undefined> {
  const rows = await db('password_reset_tokens as t')
    .update({ used_at: db.fn.now() })
    .where('t.token_hash', tokenHash)
    .whereNull('t.used_at')
    .andWhere('t.expires_at', '>', db.fn.now())
    .returning<Array<{ user_id: string }>>(['t.user_id']);
  const userId = rows[0]?.user_id;
  if (!userId) return undefined;
  const user = await db('users').select<{ role: AuthorityCD; email: string }>('role', 'email').where({ id: userId }).first();
  return user ? { userId, role: user.role, email: user.email } : undefined;
}

export async function findUsableResetToken(db: Database, tokenHash: string): Promise<{ userId: string; role: AuthorityCD } | undefined> {
  const row = await db('password_reset_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .select<{ userId: string; role: AuthorityCD }>('t.user_id as userId', 'u.role')
    .where('t.token_hash', tokenHash)
    .whereNull('t.used_at')
    .andWhere('t.expires_at', '>', db.fn.now())
    .first();
  return row;
}

export async function setPassword(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('users').where({ id: userId }).update({ password_hash: passwordHash, password_changed_at: trx.fn.now() });
    await trx('password_reset_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: trx.fn.now() });
  });
}
