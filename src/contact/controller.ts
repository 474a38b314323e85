// POST /api/contact and /api/manage/contact: validate the form, then hand it to the service.
import type { Request, Response } from 'express';
import type { AppContext } from '../platform/context.ts';
import { requestLanguage } from '../platform/i18n.ts';
import type { AccountInfo } from '../users/account.ts';
import type { InquiryArea } from './rules.ts';
import { submitInquiry } from './service.ts';
import { validateInquiry } from './validation.ts';

/** The account of the area the inquiry comes from (loaded for every request by loadAccounts). */
const accountOf = (res: Response, area: InquiryArea): AccountInfo | undefined =>
  (area === 'manage' ? res.locals.managerAccount : res.locals.account) as AccountInfo | undefined;

export const receiveInquiry = (context: AppContext, area: InquiryArea) => async (req: Request, res: Response) => {
  const inquiry = await validateInquiry(req, area);
  await submitInquiry(context, { area, account: accountOf(res, area), language: requestLanguage(req), inquiry, logger: req.log });
  res.json({ result: true });
};
