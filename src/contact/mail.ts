// The mail the support desk receives for an inquiry: who sent it (the signed-in account
// and its company, and the contact details typed into the form), what they wrote, and
// the attachments. Replying goes to the email address of the form.
import type { MailMessage } from '../platform/mail.ts';
import type { AccountInfo } from '../users/account.ts';
import type { InquiryArea } from './rules.ts';
import type { ValidInquiry } from './validation.ts';

export interface InquiryMailInput {
  id: string;
  createdAt: Date;
  area: InquiryArea;
  account: AccountInfo | undefined;
  /** The interface language the person used, so the desk answers in it. */
  language: string;
  inquiry: ValidInquiry;
}

const AREA_LABEL: Record<InquiryArea, string> = { user: '利用者画面 (user)', manage: '管理者画面 (manage)' };
const LANGUAGE_LABEL: Record<string, string> = { ja: '日本語 (ja)', en: '英語 (en)' };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const tokyoTime = (date: Date): string =>
  `${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'medium' }).format(date)} (JST)`;

/** One line for a header: no line breaks, no runs of spaces, at most `max` characters. */
const oneLine = (text: string, max = 60): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
};

export function inquiryMail(input: InquiryMailInput, to: string): MailMessage {
  const { inquiry, account } = input;
  const who = [inquiry.name, account?.companyName].filter(Boolean).join(' / ');
  const subject = `[Hatsumei] お問い合わせ（${input.area === 'manage' ? '管理者' : '利用者'}）: ${oneLine(who)}`;
  const total = inquiry.attachments.reduce((sum, file) => sum + file.size, 0);
  const lines = [
    'Hatsumei のお問い合わせフォームから、お問い合わせを受け付けました。',
    'このメールに返信すると、お問い合わせいただいた方（下記の連絡先メールアドレス）に届きます。',
    '',
    '■ 受付情報',
    `受付番号: ${input.id}`,
    `受付日時: ${tokyoTime(input.createdAt)}`,
    `送信元: ${AREA_LABEL[input.area]}`,
    `表示言語: ${LANGUAGE_LABEL[input.language] ?? input.language}`,
    '',
    '■ ログイン中のアカウント',
    ...(account
      ? [
          `氏名: ${account.userName}`,
          `メールアドレス: ${account.email}`,
          `会社: ${account.companyName}（会社コード: ${account.companyCD}）`,
          `権限: ${account.authorityCD === 'auth_adopter' ? '管理者' : '利用者'}`,
          `アカウント ID: ${account.uid}`,
        ]
      : ['（アカウント情報を取得できませんでした）']),
    '',
    '■ フォームに入力された連絡先',
    `お名前: ${inquiry.name}`,
    `メールアドレス: ${inquiry.email}`,
    '',
    '■ お問い合わせ内容',
    inquiry.body,
    '',
    `■ 添付ファイル（${inquiry.attachments.length} 件${inquiry.attachments.length ? `、合計 ${formatBytes(total)}` : ''}）`,
    ...(inquiry.attachments.length
      ? inquiry.attachments.map((file, index) => `${index + 1}. ${file.fileName}（${file.contentType}、${formatBytes(file.size)}）`)
      : ['なし']),
    '',
    '--',
    'Hatsumei お問い合わせフォーム（自動送信）',
  ];
  return {
    to,
    subject,
    text: lines.join('\n'),
    replyTo: inquiry.email,
    attachments: inquiry.attachments.map((file) => ({ filename: file.fileName, content: file.content, contentType: file.contentType })),
  };
}
