import { pino, type Logger } from 'pino';

export type { Logger };

/** One structured logger per process; request loggers are children of it (pino-http). */
export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    base: { service: 'hatsumei' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.passwordHash', '*.secret'],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' } } } : {}),
  });
}
