// News for managers (SPEC §1 "manage news", /manage/notice): write, edit, publish, unpublish
// and delete the company's notices. No req/res. Every call is scoped by the manager's company;
// another company's notice answers 404 like a missing one.
import type { AppContext } from '../../platform/context.ts';
import { AppError, NotFoundError } from '../../platform/errors.ts';
import { recordAudit } from '../audit/service.ts';
import type { AuditAction } from '../audit/rules.ts';
import * as repository from './repository.ts';
import { parseNoticeFields, type NoticeField } from './validation.ts';

const makeError = (status: number, errcode: string, messageKey: string, field?: NoticeField) =>
  new AppError(status, errcode, messageKey, {}, field ? { field } : {});

/** The title the audit log names a notice by: Japanese, else English. */
const titleOf = (notice: { titleJa?: string | null; titleEn?: string | null }) => notice.titleJa || notice.titleEn || '';

export class ManagedNoticesService {
  constructor(private readonly context: AppContext) {}

  list(companyId: string) {
    return repository.listNotices(this.context.db, companyId);
  }

  async get(companyId: string, id: string): Promise<repository.ManagedNotice> {
    const notice = await repository.findNotice(this.context.db, companyId, id);
    if (!notice) throw new NotFoundError('manage');
    return notice;
  }

  /** `publish: true` in the body publishes at once; otherwise a draft. */
  async add(companyId: string, managerId: string, body: unknown): Promise<repository.ManagedNotice> {
    const fields = parseNoticeFields(body, makeError);
    const publish = (body as { publish?: unknown }).publish;
    if (publish !== undefined && typeof publish !== 'boolean') throw makeError(400, 'ME999', 'badRequest');
    const id = await this.context.db.transaction(async (trx) => {
      const inserted = await repository.insertNotice(trx, companyId, managerId, fields, publish === true);
      await recordAudit(trx, { companyId, managerId, action: 'noticeCreated', details: { noticeTitle: titleOf(fields) } });
      if (publish === true) await recordAudit(trx, { companyId, managerId, action: 'noticePublished', details: { noticeTitle: titleOf(fields) } });
      return inserted;
    });
    return this.get(companyId, id);
  }

  async update(companyId: string, managerId: string, id: string, body: unknown): Promise<repository.ManagedNotice> {
    const fields = parseNoticeFields(body, makeError);
    await this.context.db.transaction(async (trx) => {
      if (!(await repository.updateNotice(trx, companyId, id, fields))) throw new NotFoundError('manage');
      await recordAudit(trx, { companyId, managerId, action: 'noticeEdited', details: { noticeTitle: titleOf(fields) } });
    });
    return this.get(companyId, id);
  }

  async setPublished(companyId: string, managerId: string, id: string, published: boolean): Promise<repository.ManagedNotice> {
    const notice = await this.get(companyId, id);
    const action: AuditAction = published ? 'noticePublished' : 'noticeUnpublished';
    await this.context.db.transaction(async (trx) => {
      if (!(await repository.setPublished(trx, companyId, id, published))) throw new NotFoundError('manage');
      await recordAudit(trx, { companyId, managerId, action, details: { noticeTitle: titleOf(notice) } });
    });
    return this.get(companyId, id);
  }

  async remove(companyId: string, managerId: string, id: string): Promise<void> {
    const notice = await this.get(companyId, id);
    await this.context.db.transaction(async (trx) => {
      if (!(await repository.deleteNotice(trx, companyId, id))) throw new NotFoundError('manage');
      await recordAudit(trx, { companyId, managerId, action: 'noticeDeleted', details: { noticeTitle: titleOf(notice) } });
    });
  }
}
