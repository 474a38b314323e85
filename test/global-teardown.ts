import { dropDatabase, dropIngestedTemplates } from './helpers/database.ts';

export default async function globalTeardown(): Promise<void> {
  if (process.env.TEST_TEMPLATE_DATABASE) {
    await dropIngestedTemplates(process.env.TEST_TEMPLATE_DATABASE);
    await dropDatabase(process.env.TEST_TEMPLATE_DATABASE);
  }
  await (globalThis as { __chromiumServer?: { close(): Promise<void> } }).__chromiumServer?.close();
  const embedded = (globalThis as { __embeddedTestDatabase?: { stop(): Promise<void> } }).__embeddedTestDatabase;
  await embedded?.stop();
}
