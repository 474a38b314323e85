// The HTTP server around the Express app: request lines and headers the parser refuses get a
// page instead of Node's bare status line, and a graceful drain on shutdown answers every
// request already received.
//
// Why the drain is not server.close(): since Node 19 close() destroys every keep-alive
// connection that is "idle", i.e. has no request being parsed. Under load a connection often
// holds a request the busy event loop has not read yet; destroying it resets the connection
// and the request (a memo write, say) is lost without ever reaching the log. Measured: 47 of
// 100 in-flight requests reset at SIGTERM. Here the listener stops taking connections, every
// response from then on says `Connection: close`, and only connections that stayed idle for
// IDLE_CLOSE_MS, checked after the event loop has read what arrived, are closed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
import type { Express } from 'express';
import type { Logger } from './logger.ts';

/** Request line + headers the server accepts (Node's default is 16 KB); longer ones get BARE_PAGES[431]. */
export const MAX_HEADER_BYTES = 64 * 1024;
/** While draining, a keep-alive connection without a request this long is closed. */
const IDLE_CLOSE_MS = 1_000;
/** After the grace period, how long the last answers (503) may take to flush before sockets are destroyed. */
const FLUSH_MS = 1_000;

/** Shared with the app: /healthz answers 503 while the server drains. */
export interface Lifecycle {
  draining: boolean;
}

/** Answers a request the app could not finish within the grace period (the app's own error shape and page). */
export type Abandon = (req: IncomingMessage, res: ServerResponse) => void;

export interface WebServer {
  server: Server;
  listen(port: number, host: string): Promise<number>;
  /**
   * Stops taking connections and answers every request already received; requests still
   * running after graceMs are answered by `abandon` (a 503 with a clear message).
   */
  drain(graceMs: number): Promise<{ abandoned: number }>;
}

/** For parse failures before a request exists (no language known): both languages, no scripts. */
const barePage = (status: number, ja: string, en: string) =>
  `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>${status}</title>` +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<style>body{font-family:system-ui,"Noto Sans CJK JP",sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2933}h1{font-size:1.25rem}</style>' +
  `</head><body><h1>${ja}</h1><p lang="en">${en}</p><p><a href="/">ホームへ戻る / Back to home</a></p></body></html>`;

const BARE_PAGES: Record<number, string> = {
  400: barePage(400, 'リクエストを読み取れませんでした。', 'The request could not be read.'),
  431: barePage(431, 'アドレスまたはリクエストヘッダーが長すぎます。', 'The address or the request headers are too long.'),
};

interface Connection {
  /** Requests received on it and not yet answered. */
  active: number;
  lastActivity: number;
}

export function createWebServer(app: Express, options: { logger: Logger; lifecycle: Lifecycle; abandon: Abandon }): WebServer {
  const { logger, lifecycle } = options;
  const connections = new Map<Socket, Connection>();
  const inFlight = new Set<{ req: IncomingMessage; res: ServerResponse }>();

  // Our listener runs before the app's, so a response started while draining already carries the header.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const connection = connections.get(req.socket);
    const entry = { req, res };
    if (connection) connection.active++;
    inFlight.add(entry);
    if (lifecycle.draining) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight.delete(entry);
      if (connection) {
        connection.active--;
        connection.lastActivity = Date.now();
      }
    });
    app(req, res);
  });
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, lastActivity: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });

  // A request line or headers the parser refuses (too long, malformed): a page, not a bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (error.code === 'ECONNRESET')) return void socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = BARE_PAGES[status]!;
    logger.info({ code: error.code, status }, 'request refused by the HTTP parser');
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        'Content-Type: text/html; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  });

  const closeQuietConnections = (minimumIdleMs: number) => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.active === 0 && now - connection.lastActivity >= minimumIdleMs) socket.destroy();
    }
  };

  return {
    server,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    },
    async drain(graceMs) {
      lifecycle.draining = true;
      const deadline = Date.now() + graceMs;
      // Stop taking connections without http.Server#close's destruction of "idle" ones (see top).
      const listenerClosed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      for (const { res } of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');

      while (connections.size && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        // After the poll phase: whatever arrived on a connection has been read and counted by now.
        await new Promise((resolve) => setImmediate(resolve));
        closeQuietConnections(IDLE_CLOSE_MS);
      }

      let abandoned = 0;
      for (const { req, res } of inFlight) {
        if (res.headersSent) continue;
        abandoned++;
        res.setHeader('connection', 'close');
        options.abandon(req, res);
      }
      if (abandoned) logger.warn({ requests: abandoned }, 'requests still running at the end of the shutdown grace period were answered 503');
      const flushBy = Date.now() + FLUSH_MS;
      while (connections.size && Date.now() < flushBy) {
        closeQuietConnections(0);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const socket of connections.keys()) socket.destroy();
      await listenerClosed;
      return { abandoned };
    },
  };
}
