import request from 'supertest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { testRedisUrl, testWithRedis } from '../helpers/services.ts';

test('reports the database, and Redis as not configured without REDIS_URL', async () => {
  const testApp = await startTestApp();
  try {
    const response = await request(testApp.app).get('/healthz').expect(200);
    expect(response.body).toMatchObject({ status: 'ok', database: { ok: true }, redis: 'not configured', version: testApp.config.appVersion });
    expect(response.headers['set-cookie']).toBeUndefined();
  } finally {
    await testApp.close();
  }
});

testWithRedis()('reports Redis reachability when REDIS_URL is set', async () => {
  const testApp = await startTestApp({ REDIS_URL: testRedisUrl()! });
  try {
    const response = await request(testApp.app).get('/healthz').expect(200);
    expect(response.body.redis).toMatchObject({ ok: true });
  } finally {
    await testApp.close();
  }
});

test('answers 503 when Redis does not answer', async () => {
  const testApp = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  try {
    const response = await request(testApp.app).get('/healthz').expect(503);
    expect(response.body).toMatchObject({ status: 'unavailable', database: { ok: true }, redis: { ok: false } });
  } finally {
    await testApp.close();
  }
});
