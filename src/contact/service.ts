// Receiving an inquiry: store it, then mail it to the support desk.
import type { AppContext } from '../platform/context.ts';
import type { Logger } from '../platform/logger.ts';
import type { AccountInfo } from '../users/account.ts';
import { inquiryMail } from './mail.ts';
import { insertInquiry, markInquiryMailed } from './repository.ts';
import type { InquiryArea } from './rules.ts';
import type { ValidInquiry } from './validation.ts';

export interface InquirySubmission {
  area: InquiryArea;
  account: AccountInfo | undefined;
  language: string;
  inquiry: ValidInquiry;
  /** The request's logger (carries the request id); the process logger otherwise. */
  logger?: Logger;
}

/**
 * How long the request waits for the mail server. A slow server must not keep the
 * person waiting (nodemailer's own timeouts run to minutes): after this the answer is
 * given and the delivery goes on in the background, still setting mailed_at when done.
 */
export const MAIL_WAIT_MS = 10_000;

export async function submitInquiry(context: AppContext, submission: InquirySubmission): Promise<{ id: string }> {
  const { area, account, inquiry } = submission;
  // Stored first, in one transaction with its attachments: the database is the record of
  // every inquiry, whatever happens to the mail afterwards.
  const stored = await insertInquiry(context.db, {
    area,
    userId: account?.uid ?? null,
    name: inquiry.name,
    email: inquiry.email,
    body: inquiry.body,
    attachments: inquiry.attachments,
  });
  const log = (submission.logger ?? context.logger).child({ inquiryId: stored.id, area });
  const message = inquiryMail({ ...stored, area, account, language: submission.language, inquiry }, context.config.mail.inquiryTo);

  // A mail failure does not fail the request. The inquiry is already stored (mailed_at
  // stays null, so it can be found and sent again, and the error is logged for the
  // operators); telling the person "failed" would only make them send it again and the
  // desk would get it twice, while the problem is ours, not something they can fix.
  const delivery = context.mailer
    .send(message)
    .then(async () => {
      await markInquiryMailed(context.db, stored.id);
      log.info({ attachments: inquiry.attachments.length }, 'inquiry mailed to the support desk');
    })
    .catch((error: unknown) => log.error({ err: error }, 'inquiry stored but could not be mailed (mailed_at stays null)'));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      log.warn({ waitedMs: MAIL_WAIT_MS }, 'mail server is slow: answering now, delivery continues in the background');
      resolve();
    }, MAIL_WAIT_MS);
    timer.unref();
  });
  await Promise.race([delivery, timeout]);
  clearTimeout(timer);
  return { id: stored.id };
}
