// Password-reset mail (§8 "password reset link mailed") as a system task (Agenda, run by
// workers). The request only queues it, so its answer and its timing are the same whether or
// not the address has an account (measured before: ~22 ms for an existing address, ~12 ms for
// an unknown one, the difference being the token insert and the mail).
import { randomBytes } from 'node:crypto';
import { exponential } from 'agenda';
import type { JobHandlerDependencies } from '../jobs/handlers.ts';
import type { AppContext } from '../platform/context.ts';
import type { Language } from '../platform/i18n.ts';
import type { Area } from './guard.ts';
import * as repository from './repository.ts';
import { hashToken, roleOf } from './service.ts';

export const PASSWORD_RESET_MAIL = 'auth:password-reset-mail';

export interface PasswordResetMailTask {
  area: Area;
  email: string;
  /** The requester's language: the mail is in the language they asked in. */
  language: Language;
  /**
   * A new account's invitation (a manager added it): the same single-use link, valid longer
   * and worded as a welcome. No password exists yet, so none is ever mailed.
   */
  invitation?: boolean;
}

/** How long an invitation's link stays usable: a new user may open it days later. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

/** The request's whole work: queue the task. */
export async function requestPasswordReset(context: AppContext, task: PasswordResetMailTask): Promise<void> {
  await context.tasks.now(PASSWORD_RESET_MAIL, { ...task });
}

/** The task's work: a single-use token and the mail with its link, for an account of the area only. */
export async function sendPasswordResetMail(deps: Pick<JobHandlerDependencies, 'db' | 'config' | 'logger' | 'mailer' | 'i18n'>, task: PasswordResetMailTask): Promise<void> {
  const credentials = await repository.findCredentialsByEmail(deps.db, task.email);
  if (!credentials || credentials.role !== roleOf(task.area)) {
    deps.logger.info({ area: task.area }, 'password reset requested for an unknown address');
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const ttlMs = task.invitation ? INVITATION_TTL_MS : deps.config.passwordResetTtlMs;
  const expiresAt = new Date(Date.now() + ttlMs);
  await repository.insertResetToken(deps.db, credentials.id, hashToken(token), expiresAt);
  // Never from a request's headers: PUBLIC_URL or this server's configured address.
  const link = `${deps.config.publicUrl}${task.area === 'manage' ? '/manage' : ''}/password?token=${token}`;
  const minutes = Math.round(ttlMs / 60_000);
  const translate = deps.i18n.getFixedT(task.language);
  const template = task.invitation ? 'invitation' : 'passwordReset';
  await deps.mailer.send({
    to: credentials.email,
    subject: translate(`${template}.subject`, { ns: 'mail' }),
    text: translate(`${template}.body`, { ns: 'mail', link, minutes, days: Math.round(ttlMs / 86_400_000), name: credentials.name }),
  });
}

export function definePasswordResetMail(deps: JobHandlerDependencies): void {
  deps.runner.agenda.define<PasswordResetMailTask>(PASSWORD_RESET_MAIL, (job) => sendPasswordResetMail(deps, job.attrs.data), {
    // Short, so the liveness timer Agenda arms per run stays below the runner's stop wait (src/platform/jobs.ts).
    lockLifetime: 4_000,
    // The address is personal data: gone from agenda_jobs once mailed.
    removeOnComplete: true,
    // An SMTP relay down for a moment: tried again after 5 s, 20 s and 80 s.
    backoff: exponential({ delay: 5_000, factor: 4, maxRetries: 3 }),
  });
}
