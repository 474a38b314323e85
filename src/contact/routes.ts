// The inquiry (contact) API of both areas (SPEC §7): multipart name, email, body, files.
import { Router } from 'express';
import { requireApi } from '../auth/guard.ts';
import type { AppContext } from '../platform/context.ts';
import { createRateLimit } from '../platform/rate-limit.ts';
import { receiveInquiry } from './controller.ts';
import type { InquiryArea } from './rules.ts';
import { parseInquiryForm } from './validation.ts';

/** Inquiries one account may send per hour: far above honest use, a stop for a runaway script. */
export const INQUIRIES_PER_HOUR = 20;

export function contactRoutes(context: AppContext): Router {
  const router = Router();
  const route = (area: InquiryArea) => [
    requireApi(area),
    // Counted before the upload is read, per signed-in account (requireApi guarantees one).
    createRateLimit(context, {
      name: `inquiry-${area}`,
      windowMs: 60 * 60_000,
      limit: INQUIRIES_PER_HOUR,
      key: (req) => (area === 'manage' ? req.session.managerId! : req.session.userId!),
    }),
    parseInquiryForm(area),
    receiveInquiry(context, area),
  ];
  router.post('/api/contact', ...route('user'));
  router.post('/api/manage/contact', ...route('manage'));
  return router;
}
