// The names of the users a company's GPT usage belongs to (the usage itself: src/gpt-usage/repository.ts).
import type { Database } from '../../platform/database.ts';

export async function namesOfCompanyUsers(db: Database, companyId: string, userIds: string[]): Promise<Map<string, { name: string; email: string }>> {
  if (userIds.length === 0) return new Map();
  const rows: Array<{ id: string; name: string; email: string }> = await db('users').where('company_id', companyId).whereIn('id', userIds).select('id', 'name', 'email');
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}
