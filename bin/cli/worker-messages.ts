import { parseArgs } from 'node:util';
import type { readVisitsFile } from '../../lambdas/imports/core/read-visits-file';

/**
 * What the CLI's main thread and its visits worker (visits-read.ts, visits-worker.ts) say to
 * each other, and the --visits flag as the worker reads it.
 */

/** What readVisitsFile resolves with. */
export type VisitsFile = Awaited<ReturnType<typeof readVisitsFile>>;

/** The first answer of a visits worker: the file read. */
export type VisitsReply =
  | { ok: true; path: string; file: VisitsFile }
  | { ok: false; path: string | null; message: string };

/**
 * The --visits flag of a command's arguments, as the visits worker started by run-bundled.mjs
 * reads it (other flags ignored); undefined without one.
 */
export function visitsFlag(args: string[]): string | undefined {
  const { values } = parseArgs({
    args,
    options: { visits: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  return typeof values.visits === 'string' ? values.visits : undefined;
}
