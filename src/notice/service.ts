// News for users (SPEC /notice): the published notices of their company and the global ones,
// newest first, each in the reader's language (the other one where that is empty), with an
// unread mark until opened. No req/res.
import type { AppContext } from '../platform/context.ts';
import { NotFoundError } from '../platform/errors.ts';
import type { Language } from '../platform/i18n.ts';
import * as repository from './repository.ts';

export interface UserNotice {
  id: string;
  title: string;
  body: string;
  important: boolean;
  publishedAt: string;
  unread: boolean;
}

const inLanguage = (row: repository.NoticeRow, lang: Language): UserNotice => {
  const [mine, other] = lang === 'en' ? (['en', 'ja'] as const) : (['ja', 'en'] as const);
  return {
    id: row.id,
    // Field by field: a notice written with a Japanese body but only an English title still reads whole.
    title: row[`title_${mine}`] || row[`title_${other}`],
    body: row[`body_${mine}`] || row[`body_${other}`],
    important: row.importance === 'important',
    publishedAt: row.published_at.toISOString(),
    unread: row.read_at === null,
  };
};

export class NoticesService {
  constructor(private readonly context: AppContext) {}

  async list(userId: string, lang: Language): Promise<UserNotice[]> {
    return (await repository.listForUser(this.context.db, userId)).map((row) => inLanguage(row, lang));
  }

  /** Opening a notice records that the user read it; it shows as unread this once. */
  async open(userId: string, id: string, lang: Language): Promise<UserNotice> {
    const row = await repository.findForUser(this.context.db, userId, id);
    if (!row) throw new NotFoundError('user');
    if (row.read_at === null) await repository.markRead(this.context.db, userId, [id]);
    return inLanguage(row, lang);
  }

  unreadCount(userId: string): Promise<number> {
    return repository.countUnread(this.context.db, userId);
  }

  markAllRead(userId: string): Promise<void> {
    return repository.markAllRead(this.context.db, userId);
  }
}
