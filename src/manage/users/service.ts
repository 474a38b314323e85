// User administration for managers (SPEC §1, §5 "Admin add/edit user", §6 user cap): list,
// add with an invitation mail, edit, delete, password and second-factor resets. No req/res.
// Every call is scoped by the manager's company; another company's user answers 404 like a
// missing one, so a manager cannot even learn that the id exists.
import { randomBytes } from 'node:crypto';
import { requestPasswordReset } from '../../auth/password-reset-mail.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, NotFoundError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { companyIdOfUser } from '../../users/repository.ts';
import type { LanguageCD } from '../../users/account.ts';
import { recordAudit } from '../audit/service.ts';
import { changesBetween } from '../audit/rules.ts';
import * as repository from './repository.ts';
import { userRuleCode } from './rules.ts';
import { validateUserFields } from './validation.ts';

const languageOf = (code: LanguageCD) => (code === 'lang_en' ? 'en' : 'ja');
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/** What the audit log compares: the editable fields, feature flags one by one. */
const auditedFields = (user: { name: string; email: string; enable: repository.UserFields['enable']; mfaEnabled: boolean }) => ({
  name: user.name,
  email: user.email,
  'feature.simple': user.enable.simple,
  'feature.detail': user.enable.detail,
  'feature.priorart': user.enable.priorart,
  'feature.patent_creation_support': user.enable.patent_creation_support,
  mfaEnabled: user.mfaEnabled,
});
const AUDITED = ['name', 'email', 'feature.simple', 'feature.detail', 'feature.priorart', 'feature.patent_creation_support', 'mfaEnabled'] as const;

export class ManagedUsersService {
  constructor(private readonly context: AppContext) {}

  /** The manager's company; a manager whose account is gone is signed out (ME041). */
  async companyOf(managerId: string): Promise<string> {
    const companyId = await companyIdOfUser(this.context.db, managerId);
    if (!companyId) throw new AppError(401, 'ME041');
    return companyId;
  }

  list(companyId: string, query: repository.ListQuery) {
    return repository.listUsers(this.context.db, companyId, query);
  }

  async get(companyId: string, id: string): Promise<repository.ManagedUser> {
    const user = await repository.findUser(this.context.db, companyId, id);
    if (!user) throw new NotFoundError('manage');
    return user;
  }

  /**
   * Adds a user with a random password nobody knows and mails them the reset flow's single-use
   * link to set their own. Their language is the manager's (they can change it in /setting).
   */
  async add(companyId: string, managerId: string, body: unknown, language: LanguageCD): Promise<repository.ManagedUser> {
    const fields = validateUserFields('add', body);
    const taken = () => new AppError(409, userRuleCode('emailTaken', 'add'), userRuleCode('emailTaken', 'add'), {}, { field: 'email' });
    if (await repository.emailTaken(this.context.db, fields.email)) throw taken();
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    let result: Awaited<ReturnType<typeof repository.insertUserWithinCap>>;
    try {
      // The user and the audit entry commit together.
      result = await this.context.db.transaction(async (trx) => {
        const inserted = await repository.insertUserWithinCap(trx, companyId, { ...fields, passwordHash, languageCD: language });
        if (inserted !== 'capReached') {
          const changes = changesBetween({} as ReturnType<typeof auditedFields>, auditedFields(fields), AUDITED.slice(2)).map((c) => ({ ...c, before: null }));
          await recordAudit(trx, { companyId, managerId, action: 'userAdded', targetUserId: inserted.id, details: { changes } });
        }
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(); // added by someone else a moment ago
      throw error;
    }
    if (result === 'capReached') throw new AppError(403, 'ME042');
    await requestPasswordReset(this.context, { area: 'user', email: fields.email, language: languageOf(language), invitation: true });
    return this.get(companyId, result.id);
  }

  async update(companyId: string, managerId: string, id: string, body: unknown): Promise<repository.ManagedUser> {
    const current = await this.get(companyId, id);
    const fields = validateUserFields('edit', body, { enable: current.enable, mfaEnabled: current.mfa.enable });
    const taken = () => new AppError(409, userRuleCode('emailTaken', 'edit'), userRuleCode('emailTaken', 'edit'), {}, { field: 'email' });
    if (await repository.emailTaken(this.context.db, fields.email, id)) throw taken();
    try {
      await this.context.db.transaction(async (trx) => {
        if (!(await repository.updateUser(trx, companyId, id, fields))) throw new NotFoundError('manage');
        const changes = changesBetween(auditedFields({ ...current, mfaEnabled: current.mfa.enable }), auditedFields(fields), AUDITED);
        // The target as it was before the change (a new name is in the changes).
        if (changes.length) await recordAudit(trx, { companyId, managerId, action: 'userChanged', targetUserId: id, target: current, details: { changes } });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    return this.get(companyId, id);
  }

  async remove(companyId: string, managerId: string, id: string): Promise<void> {
    const user = await this.get(companyId, id);
    await this.context.db.transaction(async (trx) => {
      // Written before the row goes (its id is then set to NULL; the name and email stay).
      await recordAudit(trx, { companyId, managerId, action: 'userDeleted', targetUserId: id, target: user });
      if (!(await repository.deleteUser(trx, companyId, id))) throw new NotFoundError('manage');
    });
  }

  /** The existing reset mail (src/auth/password-reset-mail.ts), in the user's own language. */
  async resetPassword(companyId: string, managerId: string, id: string): Promise<void> {
    const user = await this.get(companyId, id);
    await requestPasswordReset(this.context, { area: 'user', email: user.email, language: languageOf(user.languageCD) });
    // A mail cannot be rolled back: recorded once it is sent.
    await recordAudit(this.context.db, { companyId, managerId, action: 'passwordResetSent', targetUserId: id });
  }

  async resetSecondFactor(companyId: string, managerId: string, id: string): Promise<repository.ManagedUser> {
    await this.context.db.transaction(async (trx) => {
      if (!(await repository.resetSecondFactor(trx, companyId, id))) throw new NotFoundError('manage');
      await recordAudit(trx, { companyId, managerId, action: 'secondFactorReset', targetUserId: id });
    });
    return this.get(companyId, id);
  }
}
