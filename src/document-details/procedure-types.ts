// Titles of the Japan Patent Office's intermediate (procedure) documents by document code,
// as shown in the intermediate-information tab (§1, §2). A modest table of codes we are sure
// of rather than a long invented one: the submitted-document codes follow the code table of
// the JPO's Internet Application Software (pat_common.xsl, i5.30); the three dispatched
// documents are the examination decisions every file wrapper shows. Unknown codes fall back
// to the title the source gave.

export interface ProcedureType {
  ja: string;
  en: string;
  /** submission (by the applicant), dispatch (by the office), registration */
  group: 'submission' | 'dispatch' | 'registration';
}

const submission = (ja: string, en: string): ProcedureType => ({ ja, en, group: 'submission' });
const dispatch = (ja: string, en: string): ProcedureType => ({ ja, en, group: 'dispatch' });
const registration = (ja: string, en: string): ProcedureType => ({ ja, en, group: 'registration' });

export const PROCEDURE_TYPES: Readonly<Record<string, ProcedureType>> = {
  // Dispatched by the office (examination)
  A01: dispatch('特許査定', 'Decision to grant a patent'),
  A02: dispatch('拒絶査定', 'Decision of refusal'),
  A131: dispatch('拒絶理由通知書', 'Notice of reasons for refusal'),

  // Submitted: patent applications
  A163: submission('特許願', 'Patent application'),
  A16330: submission('明細書', 'Description'),
  A16331: submission('図面', 'Drawings'),
  A16332: submission('要約書', 'Abstract'),
  A16333: submission('特許請求の範囲', 'Claims'),
  A1631: submission('翻訳文提出書', 'Submission of translation'),
  A1632: submission('国内書面', 'National-phase document'),
  A151: submission('手続補正書（方式）', 'Written amendment (formalities)'),
  A1521: submission('手続補正書', 'Written amendment'),
  A1522: submission('手続補正書', 'Written amendment'),
  A1523: submission('手続補正書', 'Written amendment'),
  A1524: submission('誤訳訂正書', 'Correction of mistranslation'),
  A153: submission('意見書', 'Written opinion'),
  A155: submission('受継申立書', 'Petition for succession'),
  A159: submission('弁明書', 'Written explanation'),
  A1601: submission('期間延長請求書', 'Request for extension of time'),
  A1603: submission('期間延長請求書（期間徒過）', 'Request for extension of time (after expiry)'),
  A1621: submission('出願審査請求書', 'Request for examination'),
  A1625: submission('出願審査請求書（他人）', 'Request for examination (by a third party)'),
  A1627: submission('出願公開請求書', 'Request for early publication'),
  A1681: submission('代表者選定届', 'Notice of appointment of representative'),
  A1691: submission('雑書類', 'Miscellaneous document'),
  A1711: submission('出願人名義変更届', 'Notice of change of applicant'),
  A1712: submission('出願人名義変更届（一般承継）', 'Notice of change of applicant (general succession)'),
  A17421: submission('代理人変更届', 'Notice of change of attorney'),
  A17422: submission('代理人受任届', 'Notice of acceptance of appointment as attorney'),
  A17423: submission('代理人選任届', 'Notice of appointment of attorney'),
  A17424: submission('代理人辞任届', 'Notice of resignation of attorney'),
  A17425: submission('代理人解任届', 'Notice of dismissal of attorney'),
  A17426: submission('代理権変更届', 'Notice of change of power of attorney'),
  A17427: submission('代理権消滅届', 'Notice of extinction of power of attorney'),
  A1761: submission('出願取下書', 'Withdrawal of application'),
  A1762: submission('出願放棄書', 'Abandonment of application'),
  A1781: submission('上申書', 'Statement'),
  A179: submission('優先権証明書提出書', 'Submission of priority certificate'),
  A182: submission('物件提出書', 'Submission of articles'),
  A1821: submission('手続補足書', 'Supplement to procedure'),
  A1831: submission('刊行物等提出書', 'Submission of publications (third-party information)'),
  A1871: submission('早期審査に関する事情説明書', 'Explanation of circumstances for accelerated examination'),

  // Registration
  R1100: registration('特許料納付書', 'Payment of patent fees'),
  R120: registration('特許料納付書', 'Payment of patent fees'),
  R121: registration('特許料納付書（補充）', 'Payment of patent fees (supplement)'),
};

/** The title of a procedure in the page's language: the code table first, else the source's title, else the code. */
export function procedureTitle(code: string | null | undefined, sourceTitle: string | null | undefined, lang: 'ja' | 'en'): string {
  const type = code ? PROCEDURE_TYPES[code.trim().toUpperCase()] : undefined;
  if (type) return type[lang];
  return sourceTitle?.trim() || code?.trim() || '—';
}

export const procedureGroup = (code: string | null | undefined): ProcedureType['group'] | undefined =>
  code ? PROCEDURE_TYPES[code.trim().toUpperCase()]?.group : undefined;
