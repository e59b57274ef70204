import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ImportJob, ImportKind } from '#shared/contracts/postlog.schema';
import { callApi } from './route-calls';

/** How a caller reaches create_upload and get_import (over HTTP, as the upload screen does). */
export interface ImportCalls {
  createUpload(input: Record<string, unknown>): Promise<{
    postlog_id: string;
    upload_url: string;
    fields: Record<string, string>;
  }>;
  getImport(postlogId: string): Promise<ImportJob>;
}

/**
 * create_upload and get_import through the gateway at `url`, signed in as `freshToken` gives:
 * a new ID token for each file (createUpload), kept while its import is polled (the seed's
 * operator, whose sign-ins answer an authenticator code).
 */
export function gatewayImports(url: string, freshToken: () => Promise<string>): ImportCalls {
  let token: Promise<string> | undefined;
  return {
    createUpload: async (input) => {
      token = freshToken();
      return callApi(url, 'create_upload', input, await token);
    },
    getImport: async (postlogId) => {
      token ??= freshToken();
      return callApi<ImportJob>(url, 'get_import', { postlog_id: postlogId }, await token);
    },
  };
}

/**
 * How long a seeding step (one import, one report) may take before the seed gives up, in ms.
 * Ten times what a step takes on a quiet 2-core machine: a first start on a busy laptop (or a
 * CI machine running other stacks) should end seeded, since a step given up leaves the demo
 * without its sample data until the next start.
 */
export const SEED_STEP_TIMEOUT_MS = 600_000;

/** Polls `check` every `everyMs` until it returns a value or `timeoutMs` passes. @throws on timeout */
export async function pollUntil<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not done within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Imports a file through the real path, as the browser does: create_upload, a POST of the
 * presigned form fields and the bytes (s3rver's object-created event starts the import worker),
 * then get_import until the job leaves 'uploaded'.
 * @returns the finished job ('complete', 'review' or 'failed').
 * @throws when a call fails, the POST is refused, or the import does not finish in time.
 */
export async function importFile(
  calls: ImportCalls,
  file: { path: string; kind: ImportKind; clientUid?: string; advertiser?: string },
  timeoutMs = 120_000,
): Promise<ImportJob> {
  const contentType = 'text/csv';
  const bytes = await readFile(file.path);
  const upload = await calls.createUpload({
    kind: file.kind,
    file_name: basename(file.path),
    content_type: contentType,
    size_bytes: bytes.length,
    ...(file.clientUid ? { client_uid: file.clientUid } : {}),
    ...(file.advertiser ? { advertiser: file.advertiser } : {}),
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: contentType }), basename(file.path));
  const post = await fetch(upload.upload_url, { method: 'POST', body: form });
  if (!post.ok) throw new Error(`upload of ${file.path} refused: HTTP ${post.status}`);
  return pollUntil(
    `import of ${basename(file.path)}`,
    async () => {
      const job = await calls.getImport(upload.postlog_id);
      return job.status === 'uploaded' || (job.status as string) === 'awaiting_upload'
        ? undefined
        : job;
    },
    timeoutMs,
  );
}

/**
 * Checks an import finished.
 * @throws Error naming the import and its first row error when it did not complete.
 */
export function expectComplete(job: ImportJob, what: string): void {
  if (job.status !== 'complete') {
    const first = job.report?.errors[0];
    throw new Error(
      `${what} import ended '${job.status}'${first ? `: row ${first.row} ${first.message}` : ''}`,
    );
  }
}

/**
 * A seeding step's import of a sample file for `clientUid`: {@link importFile} with
 * {@link SEED_STEP_TIMEOUT_MS}, then {@link expectComplete} naming `what`.
 * @returns the complete job.
 * @throws as importFile and expectComplete do.
 */
export async function importSeedFile(
  calls: ImportCalls,
  path: string,
  kind: ImportKind,
  clientUid: string,
  what: string,
): Promise<ImportJob> {
  const job = await importFile(calls, { path, kind, clientUid }, SEED_STEP_TIMEOUT_MS);
  expectComplete(job, what);
  return job;
}
