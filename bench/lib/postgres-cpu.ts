// CPU of the PostgreSQL backends serving one database, read from /proc (the bench runs
// PostgreSQL on this machine): what an ingest costs the server besides the ingest process.
import { readFileSync } from 'node:fs';
import type { Database } from '../../src/platform/database.ts';

/** utime + stime of a process in clock ticks (1/100 s on Linux), or null when it is gone or not ours to read. */
export function processTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Starts counting the CPU of the backends connected to `database` (those there now and those
 * that connect later, polled every 50 ms); stop() gives the seconds used, or null when no
 * backend could be read (PostgreSQL on another machine).
 */
export async function countPostgresCpu(db: Database, database: string): Promise<{ stop(): Promise<number | null> }> {
  const start = new Map<number, number>();
  const poll = async () => {
    const { rows } = await db.raw<{ rows: Array<{ pid: number }> }>('SELECT pid FROM pg_stat_activity WHERE datname = ?', [database]);
    for (const { pid } of rows) if (!start.has(pid)) start.set(pid, processTicks(pid) ?? Number.NaN);
  };
  await poll();
  // Backends that connect after the first poll started at (about) zero.
  const known = new Set(start.keys());
  const timer = setInterval(() => void poll().catch(() => undefined), 50);
  return {
    async stop() {
      clearInterval(timer);
      let ticks = 0;
      let read = false;
      for (const [pid, from] of start) {
        const now = processTicks(pid);
        if (now === null || Number.isNaN(from)) continue;
        ticks += now - (known.has(pid) ? from : 0);
        read = true;
      }
      return read ? ticks / 100 : null;
    },
  };
}
