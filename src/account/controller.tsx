// Account settings: the /setting and /manage/setting pages, the update and profile-image
// calls of both areas, and the images served back to their owner.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SettingsPage } from '../../views/account/SettingsPage.tsx';
import { accountIdOf, isManagerAuthenticated, isUserAuthenticated, type Area } from '../auth/guard.ts';
import type { AppConfig } from '../platform/config.ts';
import { AppError } from '../platform/errors.ts';
import { languageFromCode } from '../platform/i18n.ts';
import { setLanguageCookie } from '../language/routes.ts';
import { renderPage } from '../platform/render.tsx';
import { memoryUpload } from '../platform/uploads.ts';
import type { AccountInfo } from '../users/account.ts';
import type { CompanySettingsFormProps } from '../../islands/CompanySettingsForm.tsx';
import { settingsCodes, type AccountSettingsService } from './service.ts';
import { PROFILE_IMAGE_MAX_BYTES } from './shared.ts';

const accountOf = (res: Response, area: Area): AccountInfo | undefined =>
  area === 'manage' ? res.locals.managerAccount : res.locals.account;

/** The manager's company settings for /manage/setting (src/manage/settings), by manager id and request address. */
export type CompanySettingsLoader = (managerId: string, address: string) => Promise<CompanySettingsFormProps>;

/** Records a manager's change of their own settings in the audit log (src/manage/audit). */
export type OwnSettingsAudit = (before: AccountInfo, after: AccountInfo) => Promise<void>;

export function accountController(config: AppConfig, service: AccountSettingsService, companySettings: CompanySettingsLoader, auditOwnSettings?: OwnSettingsAudit) {
  const upload = memoryUpload({ fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 }).single('image');

  /** The signed-in account of the area, loaded for this request (its row may have been deleted since sign-in). */
  const signedIn = (res: Response, area: Area): AccountInfo => {
    const account = accountOf(res, area);
    if (!account) throw new AppError(401, area === 'manage' ? 'ME041' : 'E073');
    return account;
  };

  return {
    showSettings: (area: Area) => async (req: Request, res: Response) => {
      const account = accountOf(res, area);
      if (!account) return res.redirect(302, area === 'manage' ? '/manage/login' : '/login');
      const company = area === 'manage' ? await companySettings(account.uid, req.ip ?? '') : undefined;
      renderPage(req, res, {
        title: req.t('title', { ns: 'settings' }),
        layout: area === 'manage' ? 'admin' : 'default',
        page: <SettingsPage area={area} account={account} company={company} />,
      });
    },

    update: (area: Area) => async (req: Request, res: Response) => {
      const before = signedIn(res, area);
      const account = await service.update(area, before, req.body);
      // Recorded once the change has succeeded (the service also deletes a replaced image file).
      if (area === 'manage') await auditOwnSettings?.(before, account);
      // The account's language is the one its pages use from now on; the cookie keeps
      // sign-in pages (and the manager area) in step with it.
      const language = languageFromCode(account.languageCD);
      if (language) setLanguageCookie(req, res, language, config.cookieSecure);
      res.set('cache-control', 'no-store').json(account);
    },

    /** multer, with its own failures (too large, wrong field, not multipart) as the area's invalid-input code. */
    receiveImage: (area: Area): RequestHandler => (req, res, next) => {
      upload(req, res, (error?: unknown) => {
        if (error) return next(error instanceof AppError ? error : new AppError(400, settingsCodes(area).invalid));
        next();
      });
    },

    uploadImage: (area: Area) => async (req: Request, res: Response) => {
      const profileImg = await service.storeProfileImage(area, signedIn(res, area).uid, req.file);
      res.status(201).set('cache-control', 'no-store').json({ profileImg });
    },

    serveImage: (area: Area) => async (req: Request, res: Response, next: NextFunction) => {
      const authenticated = area === 'manage' ? isManagerAuthenticated(req) : isUserAuthenticated(req);
      const key = req.params.key;
      const image = authenticated && typeof key === 'string' ? await service.readProfileImage(accountIdOf(req, area), key) : undefined;
      if (!image) return next(); // → 404, the same for someone else's image and a missing one
      res
        .status(200)
        .set({
          'content-type': image.contentType,
          'content-length': String(image.content.length),
          'x-content-type-options': 'nosniff',
          'content-disposition': 'inline',
          'cache-control': 'private, max-age=3600',
          'cross-origin-resource-policy': 'same-origin',
        })
        .end(image.content);
    },
  };
}
