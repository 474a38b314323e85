// Runs the real server entry (src/server.ts) as a child process, as `npm start` does.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../src/platform/config.ts';

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the port once the server listens (web roles) or with 0 once the log line appears. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

export function startServerProcess(environment: Record<string, string>): ServerProcess {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(DATABASE_URL|REDIS_URL|PORT|ROLE|NODE_ENV|JEST_.*)$/.test(key)) env[key] = value;
  }
  // One process, as in production (`node --import tsx`), so signals reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: projectRoot,
    env: { ...env, LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const check of waiters) check();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 45_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; output so far:\n${text}`));
        }, timeoutMs);
        const check = () => {
          const match = pattern.exec(text);
          if (match) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(match);
          }
        };
        waiters.add(check);
        check();
        void exited.then(() => setTimeout(() => waiters.has(check) && (clearTimeout(timer), waiters.delete(check), reject(new Error(`server exited before ${pattern}:\n${text}`))), 50));
      });
    },
  };
}

export const LISTENING = /listening on http:\/\/localhost:(\d+)\/login/;
