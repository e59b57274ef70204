import { renameSync, writeFileSync } from 'node:fs';
import { s3Client } from '#shared/aws/clients';
import { objectCreatedEvent } from '../../../lib/local/upload-events';

/**
 * The import worker in a child process that the test kills mid-apply: it runs the real
 * object-created handler on UPLOAD_KEY; once CRASH_AFTER_WRITES object writes (puts and copies)
 * to the lake bucket have finished it writes CRASH_MARKER, and no further write starts, for the
 * parent to SIGKILL it there.
 * The hook sits on this process's S3 client only (test code; nothing in the product).
 */
const after = Number(process.env.CRASH_AFTER_WRITES);
const marker = String(process.env.CRASH_MARKER);
const lake = String(process.env.LAKE_BUCKET);
let started = 0;
let completed = 0;

/**
 * Writes the marker whole or not at all (a temporary file renamed into place): the parent polls
 * for the file and must never read it between its creation and its content.
 */
function writeMarker(content: string): void {
  writeFileSync(`${marker}.tmp`, content);
  renameSync(`${marker}.tmp`, marker);
}

s3Client().middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as { Bucket?: string };
    const write = ['PutObjectCommand', 'CopyObjectCommand'].includes(context.commandName ?? '');
    if (!write || input.Bucket !== lake) return next(args);
    // Writes past the crash point never start; the marker appears once `after` have finished.
    if (started++ >= after) await new Promise(() => {});
    const result = await next(args);
    if (++completed === after) writeMarker(String(completed));
    return result;
  },
  { step: 'initialize', name: 'crashAfterWrites' },
);

const { handler } = await import('../../../lambdas/imports/handlers/object-created.handler');
await handler(
  objectCreatedEvent(String(process.env.UPLOADS_BUCKET), String(process.env.UPLOAD_KEY), 0),
);
writeMarker('finished');
