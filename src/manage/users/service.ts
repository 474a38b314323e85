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
import * as repository from './repository.ts';
import { userRuleCode } from './rules.ts';
import { validateUserFields } from './validation.ts';

const languageOf = (code: LanguageCD) => (code === 'lang_en' ? 'en' : 'ja');
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

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
  async add(companyId: string, body: unknown, language: LanguageCD): Promise<repository.ManagedUser> {
    const fields = validateUserFields('add', body);
    const taken = () => new AppError(409, userRuleCode('emailTaken', 'add'), userRuleCode('emailTaken', 'add'), {}, { field: 'email' });
    if (await repository.emailTaken(this.context.db, fields.email)) throw taken();
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    let result: Awaited<ReturnType<typeof repository.insertUserWithinCap>>;
    try {
      result = await repository.insertUserWithinCap(this.context.db, companyId, { ...fields, passwordHash, languageCD: language });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(); // added by someone else a moment ago
      throw error;
    }
    if (result === 'capReached') throw new AppError(403, 'ME042');
    await requestPasswordReset(this.context, { area: 'user', email: fields.email, language: languageOf(language), invitation: true });
    return this.get(companyId, result.id);
  }

  async update(companyId: string, id: string, body: unknown): Promise<repository.ManagedUser> {
    const current = await this.get(companyId, id);
    const fields = validateUserFields('edit', body, { enable: current.enable, mfaEnabled: current.mfa.enable });
    const taken = () => new AppError(409, userRuleCode('emailTaken', 'edit'), userRuleCode('emailTaken', 'edit'), {}, { field: 'email' });
    if (await repository.emailTaken(this.context.db, fields.email, id)) throw taken();
    try {
      if (!(await repository.updateUser(this.context.db, companyId, id, fields))) throw new NotFoundError('manage');
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    return this.get(companyId, id);
  }

  async remove(companyId: string, id: string): Promise<void> {
    if (!(await repository.deleteUser(this.context.db, companyId, id))) throw new NotFoundError('manage');
  }

  /** The existing reset mail (src/auth/password-reset-mail.ts), in the user's own language. */
  async resetPassword(companyId: string, id: string): Promise<void> {
    const user = await this.get(companyId, id);
    await requestPasswordReset(this.context, { area: 'user', email: user.email, language: languageOf(user.languageCD) });
  }

  async resetSecondFactor(companyId: string, id: string): Promise<repository.ManagedUser> {
    if (!(await repository.resetSecondFactor(this.context.db, companyId, id))) throw new NotFoundError('manage');
    return this.get(companyId, id);
  }
}
