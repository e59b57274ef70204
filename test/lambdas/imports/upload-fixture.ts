import type { Caller } from '#shared/auth/caller';
import { type CreateUploadInput, createUpload } from '../../../lambdas/imports/core/create-upload';
import type { memoryDeps } from './fakes';

/** A signed-in customer: a verified e-mail (default `<userId>@x.com`), neither staff nor agent. */
export const customer = (userId: string, email = `${userId}@x.com`): Caller => ({
  userId,
  email,
  emailVerified: true,
  staff: false,
  agent: false,
});

/**
 * create_upload as `caller`, then the browser's upload of `text` to the key it handed out, so
 * the file is where the import worker reads it; the worker has not run yet (the test calls
 * onObjectCreated(deps, key) itself, to crash it or catch what it throws).
 * @param input the create_upload fields; default a post-log `log.csv`, `text/csv`.
 * @param bytes the object's size as S3 would report it, when it should differ from the text's.
 * @returns the job id and the object key.
 */
export async function uploadedFile(
  deps: ReturnType<typeof memoryDeps>,
  caller: Caller,
  text: string,
  input: Partial<CreateUploadInput> = {},
  bytes?: number,
): Promise<{ postlog_id: string; key: string }> {
  const { postlog_id } = await createUpload(deps, caller, {
    kind: 'postlog',
    file_name: 'log.csv',
    content_type: 'text/csv',
    ...input,
  });
  const key = (await deps.jobs.get(postlog_id))!.object_key;
  deps.uploads.objects.set(key, text);
  if (bytes !== undefined) deps.uploads.sizes.set(key, bytes);
  return { postlog_id, key };
}
