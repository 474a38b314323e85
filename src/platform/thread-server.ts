// The worker thread's side of thread-client.ts: one answer per request, errors as messages.
import { parentPort } from 'node:worker_threads';

export function serveThreadRequests<Request, Answer>(handle: (request: Request) => Promise<Answer> | Answer): void {
  parentPort!.on('message', async ({ id, request }: { id: number; request: Request }) => {
    try {
      parentPort!.postMessage({ id, answer: await handle(request) });
    } catch (error) {
      parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
