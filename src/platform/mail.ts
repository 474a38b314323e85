// Outgoing mail (password reset, inquiries): nodemailer over SMTP when SMTP_URL is set,
// otherwise each message is written as an .eml file into the outbox folder (var/outbox).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** 'smtp' or the outbox folder the messages go to. */
  describe(): string;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string; logger: Logger }): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: () => (smtpUrl ? 'smtp' : outboxDir),
    close: () => transport.close(),
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      if (!smtpUrl) {
        await mkdir(outboxDir, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(outboxDir, `${stamp}-${String(info.messageId).replace(/[^\w.-]/g, '')}.eml`);
        await writeFile(file, info.message as Buffer);
        logger.info({ file, subject: message.subject }, 'mail written to the outbox');
      } else {
        logger.info({ messageId: info.messageId, subject: message.subject }, 'mail sent');
      }
    },
  };
}
