// The managers' audit log (issue 14 part 6). Actions call `record` with their own transaction
// where the action is one (the entry and the change commit or fail together); actions with a
// side outside the database (mails, the account settings of src/account) record right after
// they succeed. Reading is always the manager's own company. No req/res.
import type { Knex } from 'knex';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountInfo } from '../../users/account.ts';
import { companyIdOfUser } from '../../users/repository.ts';
import { isUuid } from '../users/validation.ts';
import * as repository from './repository.ts';
import { AUDIT_ABOUT_USER, AUDIT_PER_PAGE, changesBetween, isAuditAction, type AuditAction, type AuditDetails } from './rules.ts';

export type { AuditEntry, AuditFilter } from './repository.ts';

export interface AuditRecord {
  companyId: string;
  managerId: string;
  action: AuditAction;
  targetUserId?: string;
  /** The target's name and email when the row is already gone (a deleted user). */
  target?: { name: string; email: string };
  details?: AuditDetails;
}

/** Writes an entry with `db` (the action's transaction, or the database after it succeeded). */
export const recordAudit = (db: Database | Knex.Transaction, record: AuditRecord): Promise<void> =>
  repository.insertEntry(db, { ...record, details: record.details ?? {} });

/** The manager's own name, language or picture changed (recorded after the change, by the account settings). */
export async function recordOwnSettingsChange(db: Database, before: AccountInfo, after: AccountInfo): Promise<void> {
  const fields = (account: AccountInfo) => ({ name: account.userName, language: account.languageCD, profileImage: Boolean(account.profileImg) && account.profileImg !== before.profileImg });
  const changes = changesBetween({ ...fields(before), profileImage: false }, fields(after), ['name', 'language', 'profileImage']);
  const companyId = await companyIdOfUser(db, after.uid);
  if (changes.length && companyId) await recordAudit(db, { companyId, managerId: after.uid, action: 'ownSettingsChanged', details: { changes } });
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The log's query (?action=&from=&to=&user=&page=); anything malformed is ME999 (a 404 on the page). */
export function parseAuditQuery(query: Record<string, unknown>): repository.AuditFilter {
  const single = (value: unknown) => (value === undefined || value === '' ? undefined : value);
  const action = single(query.action);
  const from = single(query.from);
  const to = single(query.to);
  const user = single(query.user);
  const page = single(query.page) ?? '1';
  const bad = () => new AppError(400, 'ME999');
  if (action !== undefined && !isAuditAction(action)) throw bad();
  if (from !== undefined && !isDay(from)) throw bad();
  if (to !== undefined && !isDay(to)) throw bad();
  if (user !== undefined && !isUuid(user)) throw bad();
  if (typeof page !== 'string' || !/^[1-9]\d{0,5}$/.test(page)) throw bad();
  return { action: action as AuditAction | undefined, from: from as string | undefined, to: to as string | undefined, user: user as string | undefined, page: Number(page), perPage: AUDIT_PER_PAGE };
}

/** The query string of a filter (bookmarkable), with some values changed. */
export function auditParameters(filter: repository.AuditFilter, changes: Partial<repository.AuditFilter> = {}): string {
  const merged = { ...filter, ...changes };
  const params = new URLSearchParams();
  if (merged.action) params.set('action', merged.action);
  if (merged.from) params.set('from', merged.from);
  if (merged.to) params.set('to', merged.to);
  if (merged.user) params.set('user', merged.user);
  if (merged.page > 1) params.set('page', String(merged.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export class ManagerAuditService {
  constructor(private readonly context: AppContext) {}

  list(companyId: string, filter: repository.AuditFilter) {
    return repository.listEntries(this.context.db, companyId, filter);
  }

  aboutUser(companyId: string, userId: string) {
    return repository.entriesAboutUser(this.context.db, companyId, userId, AUDIT_ABOUT_USER);
  }
}
