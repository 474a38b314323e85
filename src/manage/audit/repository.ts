// The managers' audit log: the only place its SQL lives. Every read is scoped by company.
import type { Knex } from 'knex';
import type { Database } from '../../platform/database.ts';
import type { AuditAction, AuditDetails } from './rules.ts';

export interface AuditEntry {
  id: string;
  action: AuditAction;
  managerName: string;
  managerEmail: string;
  targetUserId: string | null;
  targetName: string | null;
  targetEmail: string | null;
  details: AuditDetails;
  createdAt: string;
}

export interface AuditFilter {
  action?: AuditAction;
  /** Days in Japan time, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  /** Only the entries about this user (their id, while the account exists). */
  user?: string;
  page: number;
  perPage: number;
}

interface Row {
  id: string;
  action: AuditAction;
  manager_name: string;
  manager_email: string;
  target_user_id: string | null;
  target_name: string | null;
  target_email: string | null;
  details: AuditDetails;
  created_at: Date;
}

const toEntry = (row: Row): AuditEntry => ({
  id: String(row.id),
  action: row.action,
  managerName: row.manager_name,
  managerEmail: row.manager_email,
  targetUserId: row.target_user_id,
  targetName: row.target_name,
  targetEmail: row.target_email,
  details: row.details ?? {},
  createdAt: row.created_at.toISOString(),
});

/**
 * Writes an entry with the manager's and the target's name and email as they are now (read in
 * the same statement, so inside the action's transaction they are the values it worked with).
 */
export async function insertEntry(
  db: Database | Knex.Transaction,
  entry: { companyId: string; managerId: string; action: AuditAction; targetUserId?: string; target?: { name: string; email: string }; details: AuditDetails },
): Promise<void> {
  const target = entry.target
    ?? (entry.targetUserId ? await db('users').where({ id: entry.targetUserId }).first<{ name: string; email: string } | undefined>('name', 'email') : undefined);
  await db.raw(
    `INSERT INTO manager_audit_log (company_id, manager_id, manager_name, manager_email, action, target_user_id, target_name, target_email, details)
     SELECT ?, m.id, m.name, m.email, ?, ?, ?, ?, ?::jsonb FROM users m WHERE m.id = ? AND m.company_id = ?`,
    [entry.companyId, entry.action, entry.targetUserId ?? null, target?.name ?? null, target?.email ?? null, JSON.stringify(entry.details), entry.managerId, entry.companyId],
  );
}

const COLUMNS = ['id', 'action', 'manager_name', 'manager_email', 'target_user_id', 'target_name', 'target_email', 'details', 'created_at'];

export async function listEntries(db: Database, companyId: string, filter: AuditFilter): Promise<{ entries: AuditEntry[]; totalCount: number }> {
  const filtered = () => {
    const q = db('manager_audit_log').where({ company_id: companyId });
    if (filter.action) q.andWhere({ action: filter.action });
    if (filter.user) q.andWhere({ target_user_id: filter.user });
    // Days begin at midnight in Japan, whatever the server's zone.
    if (filter.from) q.andWhereRaw(`created_at >= (?::date)::timestamp AT TIME ZONE 'Asia/Tokyo'`, [filter.from]);
    if (filter.to) q.andWhereRaw(`created_at < (?::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo'`, [filter.to]);
    return q;
  };
  const rows = await filtered().select(COLUMNS).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(filter.perPage).offset((filter.page - 1) * filter.perPage);
  const [count] = await filtered().count<{ n: string }[]>({ n: '*' });
  return { entries: (rows as Row[]).map(toEntry), totalCount: Number(count?.n ?? 0) };
}

/** The latest entries about one user of the company. */
export async function entriesAboutUser(db: Database, companyId: string, userId: string, limit: number): Promise<AuditEntry[]> {
  const rows = await db('manager_audit_log').where({ company_id: companyId, target_user_id: userId }).select(COLUMNS)
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
  return (rows as Row[]).map(toEntry);
}
