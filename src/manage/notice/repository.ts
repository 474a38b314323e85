// A company's notices as its managers see them (drafts too): the only place their SQL lives.
// Every statement is scoped by the manager's company, so another company's notice, or a
// global one (company_id null, the operator's), reads as absent and cannot be changed.
import type { Database } from '../../platform/database.ts';
import type { Importance, NoticeFields } from './validation.ts';

export interface ManagedNotice extends NoticeFields {
  id: string;
  /** Null: a draft. */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

interface Row {
  id: string;
  title_ja: string;
  title_en: string;
  body_ja: string;
  body_en: string;
  importance: Importance;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = ['id', 'title_ja', 'title_en', 'body_ja', 'body_en', 'importance', 'published_at', 'created_at', 'updated_at'];

const toNotice = (row: Row): ManagedNotice => ({
  id: row.id,
  titleJa: row.title_ja,
  titleEn: row.title_en,
  bodyJa: row.body_ja,
  bodyEn: row.body_en,
  importance: row.importance,
  publishedAt: row.published_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const toColumns = (fields: NoticeFields) => ({
  title_ja: fields.titleJa,
  title_en: fields.titleEn,
  body_ja: fields.bodyJa,
  body_en: fields.bodyEn,
  importance: fields.importance,
});

/** Drafts first (being worked on), then the published ones, newest first. */
export async function listNotices(db: Database, companyId: string): Promise<ManagedNotice[]> {
  const rows = await db('notices')
    .select(COLUMNS)
    .where({ company_id: companyId })
    .orderByRaw('published_at DESC NULLS FIRST, created_at DESC');
  return (rows as Row[]).map(toNotice);
}

export async function findNotice(db: Database, companyId: string, id: string): Promise<ManagedNotice | undefined> {
  const row = await db('notices').select(COLUMNS).where({ company_id: companyId, id }).first();
  return row ? toNotice(row as Row) : undefined;
}

export async function insertNotice(db: Database, companyId: string, managerId: string, fields: NoticeFields, publish: boolean): Promise<string> {
  const [row] = await db('notices')
    .insert({ ...toColumns(fields), company_id: companyId, created_by: managerId, published_at: publish ? db.fn.now() : null })
    .returning('id');
  return (row as { id: string }).id;
}

/** False when the company has no such notice. */
export async function updateNotice(db: Database, companyId: string, id: string, fields: NoticeFields): Promise<boolean> {
  const count = await db('notices').where({ company_id: companyId, id }).update({ ...toColumns(fields), updated_at: db.fn.now() });
  return count > 0;
}

/**
 * Publishing stamps the moment (it is the date users see and sort by); publishing again
 * keeps the first stamp, so a double click never moves a notice to the top.
 */
export async function setPublished(db: Database, companyId: string, id: string, published: boolean): Promise<boolean> {
  const count = await db('notices')
    .where({ company_id: companyId, id })
    .update({ published_at: published ? db.raw('COALESCE(published_at, now())') : null, updated_at: db.fn.now() });
  return count > 0;
}

export async function deleteNotice(db: Database, companyId: string, id: string): Promise<boolean> {
  return (await db('notices').where({ company_id: companyId, id }).delete()) > 0;
}
