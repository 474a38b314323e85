// News for managers (SPEC §1 "manage news", /manage/notice): write, edit, publish, unpublish
// and delete the company's notices. No req/res. Every call is scoped by the manager's company;
// another company's notice answers 404 like a missing one.
import type { AppContext } from '../../platform/context.ts';
import { AppError, NotFoundError } from '../../platform/errors.ts';
import * as repository from './repository.ts';
import { parseNoticeFields, type NoticeField } from './validation.ts';

const makeError = (status: number, errcode: string, messageKey: string, field?: NoticeField) =>
  new AppError(status, errcode, messageKey, {}, field ? { field } : {});

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
    const id = await repository.insertNotice(this.context.db, companyId, managerId, fields, publish === true);
    return this.get(companyId, id);
  }

  async update(companyId: string, id: string, body: unknown): Promise<repository.ManagedNotice> {
    const fields = parseNoticeFields(body, makeError);
    if (!(await repository.updateNotice(this.context.db, companyId, id, fields))) throw new NotFoundError('manage');
    return this.get(companyId, id);
  }

  async setPublished(companyId: string, id: string, published: boolean): Promise<repository.ManagedNotice> {
    if (!(await repository.setPublished(this.context.db, companyId, id, published))) throw new NotFoundError('manage');
    return this.get(companyId, id);
  }

  async remove(companyId: string, id: string): Promise<void> {
    if (!(await repository.deleteNotice(this.context.db, companyId, id))) throw new NotFoundError('manage');
  }
}
