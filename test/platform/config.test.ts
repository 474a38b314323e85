import { ConfigurationError, loadConfig } from '../../src/platform/config.ts';

test('a newcomer with no variables gets the embedded database and demo accounts', () => {
  const config = loadConfig({});
  expect(config.databaseUrl).toBeUndefined();
  expect(config.redisUrl).toBeUndefined();
  expect(config.demoAccounts).toBe(true);
  expect(config.role).toBe('all');
  expect(config.embeddedPostgres.port).not.toBe(5432);
  expect(config.embeddedPostgres.dir).toMatch(/var\/postgres$/);
});

test('production requires a session secret, a real database and the public address, and never creates demo accounts', () => {
  const PUBLIC_URL = 'https://hatsumei.example.jp';
  expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/hatsumei', PUBLIC_URL })).toThrow(ConfigurationError);
  expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL })).toThrow(/DATABASE_URL/);
  expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/hatsumei' })).toThrow(/PUBLIC_URL/);
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://db/hatsumei', PUBLIC_URL: `${PUBLIC_URL}/`, DEMO_ACCOUNTS: 'true' });
  expect(config.demoAccounts).toBe(false);
  expect(config.publicUrl).toBe(PUBLIC_URL);
});

test('without PUBLIC_URL, links in mail point at the configured server, never at a request\'s Host', () => {
  expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  expect(loadConfig({ HOST: '127.0.0.1', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  expect(loadConfig({ HOST: 'hatsumei.internal', PORT: '8080' }).publicUrl).toBe('http://hatsumei.internal:8080');
});

test('a set DATABASE_URL switches demo accounts off unless asked for', () => {
  expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).demoAccounts).toBe(false);
  expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DEMO_ACCOUNTS: 'true' }).demoAccounts).toBe(true);
});

test('bad values are refused with the variable named', () => {
  expect(() => loadConfig({ ROLE: 'everything' })).toThrow(/ROLE/);
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
});

test('reads the roles, idle timeout, proxy trust and links', () => {
  const config = loadConfig({ ROLE: 'worker', SESSION_IDLE_MINUTES: '30', TRUST_PROXY: '1', FAQ_URL: 'https://help.example.jp/faq' });
  expect(config.role).toBe('worker');
  expect(config.sessionIdleMs).toBe(30 * 60_000);
  expect(config.trustProxy).toBe(1);
  expect(config.links.faq).toBe('https://help.example.jp/faq');
});
