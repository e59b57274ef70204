import useSWR, { mutate } from 'swr';
import {
  type CreativesResult,
  creativesResultSchema,
  type PlayCreativeResult,
  playCreativeResultSchema,
  type UpdateCreativesInput,
} from '#shared/contracts/creatives.schema';
import { ApiError, callRoute } from '../api/client';

/** Parses an answer with its contract. @throws ApiError `invalid` naming what was read. */
function parsed<T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  value: unknown,
  what: string,
): T {
  const out = schema.safeParse(value);
  if (!out.success) throw new ApiError(`The ${what} could not be read.`, 'invalid', 200);
  return out.data as T;
}

/**
 * A client's creatives (GET client_creatives): names, ISCI, lengths and attached media. Key
 * `['client_creatives', { client_uid }]`; no client -> no request.
 */
export function useClientCreatives(clientUid: string | undefined) {
  return useSWR(
    clientUid ? (['client_creatives', { client_uid: clientUid }] as const) : null,
    async ([name, input]): Promise<CreativesResult> =>
      parsed(creativesResultSchema, await callRoute<unknown>(name, input), 'creatives'),
    { revalidateOnFocus: false },
  );
}

/**
 * POST update_creatives, then refreshes the client's creatives and its report (whose Creative
 * table shows the names).
 * @throws ApiError with the server's message (it names the field or the creative).
 */
export async function updateCreatives(input: UpdateCreativesInput): Promise<CreativesResult> {
  const out = parsed<CreativesResult>(
    creativesResultSchema,
    await callRoute<unknown>('update_creatives', input),
    'creatives',
  );
  await mutate(['client_creatives', { client_uid: input.client_uid }], out, { revalidate: false });
  return out;
}

/** Refreshes the report screens of a client (after a rename, their Creative table changes). */
export function refreshReports(clientUid: string): Promise<unknown> {
  return mutate(
    (key) =>
      Array.isArray(key) &&
      key[0] === 'get_report' &&
      (key[1] as { client_uid?: string } | undefined)?.client_uid === clientUid,
  );
}

/** GET play_creative: a signed URL of the spot, valid 5 minutes. */
export async function playCreative(
  clientUid: string,
  creativeId: string,
): Promise<PlayCreativeResult> {
  return parsed(
    playCreativeResultSchema,
    await callRoute<unknown>('play_creative', { client_uid: clientUid, creative_id: creativeId }),
    'spot',
  );
}

/**
 * PUTs a file to a presigned upload URL with the signed headers, reporting progress as a
 * fraction 0..1 (XMLHttpRequest: fetch has no upload progress). The browser sends the file's
 * exact Content-Length, which the URL signs.
 * @throws ApiError `upload_failed` on a non-2xx answer (an expired URL, another type or size
 *   than announced) or a network error.
 */
export function putFile(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const failed = (status: number) =>
      new ApiError(
        'The upload failed. Check your connection and try again.',
        'upload_failed',
        status,
      );
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(failed(xhr.status));
    };
    xhr.onerror = () => reject(failed(0));
    xhr.send(file);
  });
}
