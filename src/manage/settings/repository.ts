// The company's settings managers change: allowed networks and default GPT use.
import type { Database } from '../../platform/database.ts';

export interface CompanySettings {
  /** CIDR ranges as PostgreSQL prints them; empty = no restriction. */
  allowedNetworks: string[];
  gptDefaultUse: boolean;
}

export async function findCompanySettings(db: Database, companyId: string): Promise<CompanySettings | undefined> {
  // cidr[] comes back from node-pg as a '{…}' literal; text[] as an array.
  const row = await db('companies')
    .select(db.raw('allowed_networks::text[] as "allowedNetworks"'), 'gpt_default_use as gptDefaultUse')
    .where({ id: companyId })
    .first<{ allowedNetworks: string[] | null; gptDefaultUse: boolean } | undefined>();
  return row && { allowedNetworks: row.allowedNetworks ?? [], gptDefaultUse: row.gptDefaultUse };
}

/** An empty list is stored as null, as the sign-in check reads "no restriction". */
export async function updateCompanySettings(db: Database, companyId: string, settings: CompanySettings): Promise<boolean> {
  const networks = settings.allowedNetworks.length ? db.raw('?::cidr[]', [settings.allowedNetworks]) : null;
  const count = await db('companies').where({ id: companyId }).update({ allowed_networks: networks, gpt_default_use: settings.gptDefaultUse });
  return count > 0;
}
