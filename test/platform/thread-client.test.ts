// The worker-thread client under the text analysis and the patent map: answers, errors, a thread
// that dies or is stopped fails what waits on it, and the next request gets a new thread.
import { threadClient } from '../../src/platform/thread-client.ts';

const entry = new URL('../fixtures/thread/bootstrap.mjs', import.meta.url);

test('answers in the thread, an error there is a rejection here, and a dead thread is replaced', async () => {
  const thread = threadClient<number | 'exit' | 'wait', number>(entry, { name: 'Test thread' });
  try {
    expect(await Promise.all([thread.run(2), thread.run(21)])).toEqual([4, 42]);
    await expect(thread.run(-1)).rejects.toThrow('negative: -1');
    await expect(thread.run('exit')).rejects.toThrow('Test thread exited with code 3');
    expect(await thread.run(5)).toBe(10);
  } finally {
    await thread.stop();
  }
});

test('stopping fails what still waits, and the thread starts again on the next request', async () => {
  const thread = threadClient<number | 'exit' | 'wait', number>(entry, { name: 'Test thread' });
  try {
    expect(await thread.run(1)).toBe(2);
    const waiting = thread.run('wait');
    await thread.stop();
    expect(thread.running()).toBe(false);
    await expect(waiting).rejects.toThrow('Test thread stopped');
    expect(await thread.run(3)).toBe(6);
  } finally {
    await thread.stop();
  }
});

test('an idle thread stops by itself after idleMs, and comes back when asked', async () => {
  const thread = threadClient<number | 'exit' | 'wait', number>(entry, { name: 'Test thread', idleMs: 50 });
  try {
    expect(await thread.run(4)).toBe(8);
    expect(thread.running()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(thread.running()).toBe(false);
    expect(await thread.run(6)).toBe(12);
    expect(thread.running()).toBe(true);
  } finally {
    await thread.stop();
  }
});
