// Company settings for managers (/manage/setting, beyond SPEC §5's name rules): the networks its
// people may sign in from (checked at sign-in, src/auth/service.ts: E503 / ME043) and whether GPT
// is used by default. No req/res. Always the manager's own company.
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { companyIdOfUser } from '../../users/repository.ts';
import { addressIsAllowed, parseNetworkLines } from './networks.ts';
import { recordAudit } from '../audit/service.ts';
import { changesBetween } from '../audit/rules.ts';
import * as repository from './repository.ts';

export type { CompanySettings } from './repository.ts';

/** The request's address as people read it (::ffff:192.0.2.1 → 192.0.2.1). */
export const displayAddress = (address: string): string => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1] ?? address;

export class CompanySettingsService {
  constructor(private readonly context: AppContext) {}

  /** The manager's company; a manager whose account is gone is signed out (ME041). */
  async companyOf(managerId: string): Promise<string> {
    const companyId = await companyIdOfUser(this.context.db, managerId);
    if (!companyId) throw new AppError(401, 'ME041');
    return companyId;
  }

  async get(companyId: string): Promise<repository.CompanySettings> {
    const settings = await repository.findCompanySettings(this.context.db, companyId);
    if (!settings) throw new AppError(401, 'ME041');
    return settings;
  }

  /**
   * `{ allowedNetworks: "one per line", gptDefaultUse }`. Refuses a list that would keep out the
   * manager saving it (ME051): they could not sign in again to undo it.
   */
  async update(companyId: string, managerId: string, body: unknown, clientAddress: string): Promise<repository.CompanySettings> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError(400, 'ME999');
    const { allowedNetworks, gptDefaultUse } = body as Record<string, unknown>;
    if (typeof allowedNetworks !== 'string' || typeof gptDefaultUse !== 'boolean') throw new AppError(400, 'ME999');
    const networks = parseNetworkLines(allowedNetworks);
    if (!addressIsAllowed(networks, clientAddress)) {
      throw new AppError(409, 'ME051', 'ME051', { address: displayAddress(clientAddress) }, { field: 'allowedNetworks' });
    }
    const before = await this.get(companyId);
    await this.context.db.transaction(async (trx) => {
      if (!(await repository.updateCompanySettings(trx, companyId, { allowedNetworks: networks, gptDefaultUse }))) {
        throw new AppError(401, 'ME041');
      }
      const after = await repository.findCompanySettings(trx, companyId);
      const changes = changesBetween({ ...before }, { ...after! }, ['allowedNetworks', 'gptDefaultUse']);
      if (changes.length) await recordAudit(trx, { companyId, managerId, action: 'companySettingsChanged', details: { changes } });
    });
    return this.get(companyId);
  }
}
