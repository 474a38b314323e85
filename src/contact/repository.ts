// Inquiries and their attachments: the only place their SQL lives.
import type { Database } from '../platform/database.ts';
import type { InquiryArea } from './rules.ts';

export interface NewInquiry {
  area: InquiryArea;
  /** The signed-in account that sent it (kept as null if the account is deleted later). */
  userId: string | null;
  name: string;
  email: string;
  body: string;
  attachments: Array<{ fileName: string; contentType: string; size: number; content: Buffer }>;
}

export interface StoredInquiry {
  id: string;
  createdAt: Date;
}

/** Stores an inquiry with all its attachments, or nothing at all. */
export async function insertInquiry(db: Database, inquiry: NewInquiry): Promise<StoredInquiry> {
  return db.transaction(async (trx) => {
    const [row] = await trx('inquiries')
      .insert({ area: inquiry.area, user_id: inquiry.userId, name: inquiry.name, email: inquiry.email, body: inquiry.body })
      .returning<Array<{ id: string; created_at: Date }>>(['id', 'created_at']);
    if (inquiry.attachments.length > 0) {
      await trx('inquiry_attachments').insert(
        inquiry.attachments.map((file) => ({
          inquiry_id: row!.id,
          file_name: file.fileName,
          content_type: file.contentType,
          size: file.size,
          content: file.content,
        })),
      );
    }
    return { id: row!.id, createdAt: new Date(row!.created_at) };
  });
}

/** Records that the inquiry went out to the support desk. */
export async function markInquiryMailed(db: Database, id: string): Promise<void> {
  await db('inquiries').where({ id }).update({ mailed_at: db.fn.now() });
}
