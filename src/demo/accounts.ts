// Demo company and accounts for a newcomer's first start on the embedded database.
// Never created in production (config.demoAccounts is false there).
import type { Database } from '../platform/database.ts';
import type { Logger } from '../platform/logger.ts';
import { hashPassword } from '../platform/passwords.ts';
import { countUsers, insertCompany, insertUser } from '../users/repository.ts';

export const DEMO_COMPANY = { code: 'DEMO', name: 'デモ特許事務所' };
export const DEMO_USER = { email: 'demo@hatsumei.example', password: 'Hatsumei#Demo2026', name: 'デモ 利用者' };
export const DEMO_MANAGER = { email: 'manager@hatsumei.example', password: 'Hatsumei#Admin2026', name: 'デモ 管理者' };

/** Creates the demo accounts when the database has no users yet; returns whether it did. */
export async function ensureDemoAccounts(db: Database, logger: Logger): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  await db.transaction(async (trx) => {
    const companyId = await insertCompany(trx, { ...DEMO_COMPANY, userLimit: 50 });
    await insertUser(trx, {
      companyId,
      email: DEMO_USER.email,
      name: DEMO_USER.name,
      passwordHash: await hashPassword(DEMO_USER.password),
      role: 'auth_user',
      features: { simple: true, detail: true, priorart: true, patent_creation_support: true },
    });
    await insertUser(trx, {
      companyId,
      email: DEMO_MANAGER.email,
      name: DEMO_MANAGER.name,
      passwordHash: await hashPassword(DEMO_MANAGER.password),
      role: 'auth_adopter',
    });
  });
  logger.info('demo company and accounts created');
  // Printed once, outside the structured log (whose redaction would hide them); README lists them too.
  process.stdout.write(
    [
      '',
      '  Demo accounts (local use only)',
      `    User    ${DEMO_USER.email} / ${DEMO_USER.password}   sign in at /login`,
      `    Manager ${DEMO_MANAGER.email} / ${DEMO_MANAGER.password}   sign in at /manage/login`,
      '',
      '',
    ].join('\n'),
  );
  return true;
}
