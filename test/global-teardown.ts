export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as { __embeddedTestDatabase?: { stop(): Promise<void> } }).__embeddedTestDatabase;
  await embedded?.stop();
}
