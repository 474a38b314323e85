// The notices a user reads: the published ones of their company and the global ones
// (company_id null), with their read markers. The only place this SQL lives.
import type { Knex } from 'knex';
import type { Database } from '../platform/database.ts';
import type { Importance } from '../manage/notice/validation.ts';

export interface NoticeRow {
  id: string;
  title_ja: string;
  title_en: string;
  body_ja: string;
  body_en: string;
  importance: Importance;
  published_at: Date;
  read_at: Date | null;
}

/** Published (and not scheduled later) notices the user's company may see. */
function visibleTo(db: Database, userId: string) {
  return db('notices as n')
    .whereNotNull('n.published_at')
    .where('n.published_at', '<=', db.fn.now())
    .where((q: Knex.QueryBuilder) => q.whereNull('n.company_id').orWhere('n.company_id', db('users').select('company_id').where({ id: userId })));
}

/** The visible notices with the user's read marker, as a NoticeRow. */
function visibleWithReads(db: Database, userId: string) {
  return visibleTo(db, userId)
    .leftJoin('notice_reads as r', (j) => j.on('r.notice_id', 'n.id').andOn('r.user_id', db.raw('?', [userId])))
    .select('n.id', 'n.title_ja', 'n.title_en', 'n.body_ja', 'n.body_en', 'n.importance', 'n.published_at', 'r.read_at');
}

/** Newest first. */
export async function listForUser(db: Database, userId: string): Promise<NoticeRow[]> {
  return (await visibleWithReads(db, userId)
    .orderBy([{ column: 'n.published_at', order: 'desc' }, { column: 'n.id', order: 'desc' }])) as NoticeRow[];
}

export async function findForUser(db: Database, userId: string, id: string): Promise<NoticeRow | undefined> {
  return (await visibleWithReads(db, userId)
    .where('n.id', id)
    .first()) as NoticeRow | undefined;
}

/** The header's badge: one count over the partial index notices_company_published and the read markers' key. */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const row = await unreadCountQuery(db, userId).first();
  return Number((row as { n: string | number } | undefined)?.n ?? 0);
}

/** Marks these notices read (once: the first reading's time stays). */
export async function markRead(db: Database, userId: string, noticeIds: string[]): Promise<void> {
  if (noticeIds.length === 0) return;
  await db('notice_reads')
    .insert(noticeIds.map((notice_id) => ({ user_id: userId, notice_id })))
    .onConflict(['user_id', 'notice_id'])
    .ignore();
}

/** Every notice the user can see now, read. */
export async function markAllRead(db: Database, userId: string): Promise<void> {
  await db.raw(
    `INSERT INTO notice_reads (user_id, notice_id)
     SELECT ?, n.id FROM notices n
     WHERE n.published_at IS NOT NULL AND n.published_at <= now()
       AND (n.company_id IS NULL OR n.company_id = (SELECT company_id FROM users WHERE id = ?))
     ON CONFLICT (user_id, notice_id) DO NOTHING`,
    [userId, userId],
  );
}

/** The unread count as a query, for a statement that reads the account anyway (users/repository.ts findAccountWithUnreadNotices: one query per page). */
export function unreadCountQuery(db: Database, userId: string): Knex.QueryBuilder {
  return visibleTo(db, userId)
    .whereNotExists(db('notice_reads as r').select(db.raw('1')).whereRaw('r.notice_id = n.id').andWhere('r.user_id', userId))
    .count({ n: '*' });
}
