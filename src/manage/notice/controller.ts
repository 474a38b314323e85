// The notice administration API (/api/manage/notices…): JSON in, JSON out, errors as { errcode, detail, field }.
import type { Request, Response } from 'express';
import { accountIdOf } from '../../auth/guard.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { isUuid } from '../users/validation.ts';
import type { ManagedUsersService } from '../users/service.ts';
import type { ManagedNoticesService } from './service.ts';

/** The :id of the address; anything but a UUID is a notice that does not exist. */
const idOf = (req: Request): string => {
  const id = req.params.id;
  if (!isUuid(id)) throw new NotFoundError('manage');
  return id;
};

export function managedNoticesApi(service: ManagedNoticesService, users: Pick<ManagedUsersService, 'companyOf'>) {
  const company = (req: Request) => users.companyOf(accountIdOf(req, 'manage'));
  const answer = (res: Response, status: number, body: unknown) => res.status(status).set('cache-control', 'no-store').json(body);

  return {
    list: async (req: Request, res: Response) => answer(res, 200, { notices: await service.list(await company(req)) }),
    get: async (req: Request, res: Response) => answer(res, 200, await service.get(await company(req), idOf(req))),
    add: async (req: Request, res: Response) => answer(res, 201, await service.add(await company(req), accountIdOf(req, 'manage'), req.body)),
    update: async (req: Request, res: Response) => answer(res, 200, await service.update(await company(req), accountIdOf(req, 'manage'), idOf(req), req.body)),
    publish: async (req: Request, res: Response) => answer(res, 200, await service.setPublished(await company(req), accountIdOf(req, 'manage'), idOf(req), true)),
    unpublish: async (req: Request, res: Response) => answer(res, 200, await service.setPublished(await company(req), accountIdOf(req, 'manage'), idOf(req), false)),
    remove: async (req: Request, res: Response) => {
      await service.remove(await company(req), accountIdOf(req, 'manage'), idOf(req));
      answer(res, 200, { result: true });
    },
  };
}
