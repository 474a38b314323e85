// The user administration API (/api/manage/users…): JSON in, JSON out, errors as { errcode, detail }.
import type { Request, Response } from 'express';
import { accountIdOf } from '../../auth/guard.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AccountInfo } from '../../users/account.ts';
import type { ManagedUsersService } from './service.ts';
import { isUuid, parseListQuery } from './validation.ts';

/** The :id of the address; anything but a UUID is a user that does not exist. */
const idOf = (req: Request): string => {
  const id = req.params.id;
  if (!isUuid(id)) throw new NotFoundError('manage');
  return id;
};

export function managedUsersApi(service: ManagedUsersService) {
  const company = (req: Request) => service.companyOf(accountIdOf(req, 'manage'));
  const answer = (res: Response, status: number, body: unknown) => res.status(status).set('cache-control', 'no-store').json(body);

  return {
    list: async (req: Request, res: Response) => {
      const query = parseListQuery(req.query as Record<string, unknown>);
      const { users, totalCount } = await service.list(await company(req), query);
      answer(res, 200, { users, totalCount, page: query.page, perPage: query.perPage, maxPageNum: Math.max(1, Math.ceil(totalCount / query.perPage)) });
    },
    get: async (req: Request, res: Response) => answer(res, 200, await service.get(await company(req), idOf(req))),
    add: async (req: Request, res: Response) => {
      const manager = res.locals.managerAccount as AccountInfo | undefined;
      answer(res, 201, await service.add(await company(req), accountIdOf(req, 'manage'), req.body, manager?.languageCD ?? 'lang_ja'));
    },
    update: async (req: Request, res: Response) => answer(res, 200, await service.update(await company(req), accountIdOf(req, 'manage'), idOf(req), req.body)),
    remove: async (req: Request, res: Response) => {
      await service.remove(await company(req), accountIdOf(req, 'manage'), idOf(req));
      answer(res, 200, { result: true });
    },
    resetPassword: async (req: Request, res: Response) => {
      await service.resetPassword(await company(req), accountIdOf(req, 'manage'), idOf(req));
      answer(res, 200, { result: true });
    },
    resetSecondFactor: async (req: Request, res: Response) => answer(res, 200, await service.resetSecondFactor(await company(req), accountIdOf(req, 'manage'), idOf(req))),
  };
}
