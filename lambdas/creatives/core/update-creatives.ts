import type { Caller } from '#shared/auth/caller';
import { writableClient } from '#shared/companies/companies';
import {
  type CreativeEdit,
  type CreativesResult,
  MEDIA_UPLOAD_TTL_S,
  type MediaUpload,
  type UpdateCreativesInput,
} from '#shared/contracts/creatives.schema';
import { blankCreative, type CreativeRecord } from '#shared/creatives/creatives';
import { ValidationError } from '#shared/errors';
import { confirmMedia } from './confirm-media';
import { creativeView } from './creative-view';
import type { CreativesDeps } from './ports';

/** Most creatives a client may have on record (one per distinct post-log creative value). */
export const MAX_CREATIVES_PER_CLIENT = 2000;

/** Key prefix of uploads not yet accepted (the media bucket expires them after a day). */
export const PENDING_PREFIX = 'pending/';
/** Key prefix of accepted media (kept until replaced). */
export const MEDIA_PREFIX = 'media/';

/**
 * Where an upload lands: `pending/<client_uid>/<fresh id>`. A fresh key per upload, so a new
 * file never overwrites the accepted one before it is checked; once accepted it is copied to
 * {@link acceptedKey}, which no upload URL can reach. Uploads never confirmed expire.
 */
export function mediaKey(clientUid: string, id: string): string {
  return `${PENDING_PREFIX}${clientUid}/${id}`;
}

/** The key an accepted upload is copied to: `media/<client_uid>/<id>`. */
export function acceptedKey(uploadKey: string): string {
  return `${MEDIA_PREFIX}${uploadKey.slice(PENDING_PREFIX.length)}`;
}

/**
 * POST update_creatives (spec §7): needs the `edit` permission on the client.
 * - `{ creatives: [...] }`: renames, tags (ISCI, null clears), sets lengths (seconds, null
 *   clears) and, per creative with `media: { content_type, size_bytes }`, hands out an upload
 *   URL: a presigned PUT valid 15 minutes with that exact Content-Type and Content-Length
 *   (audio/* or video/*, at most 500 MB: checked by the zod contract). The accepted media stays
 *   until the new file is confirmed.
 * - `{ confirm_media: creative_id }`: see confirmMedia.
 * Every edit is checked before anything is written.
 * @returns the client's creatives and the upload URLs made.
 * @throws NotFound (client unknown or not visible); Forbidden (no `edit`); ValidationError naming
 *   the row (`creatives.<i>.creative_id`) when a creative appears twice, or when the client would
 *   pass MAX_CREATIVES_PER_CLIENT.
 */
export async function updateCreatives(
  deps: CreativesDeps,
  caller: Caller,
  input: UpdateCreativesInput,
): Promise<CreativesResult> {
  const client = await writableClient(deps.companies, caller, input.client_uid, 'edit');
  if (input.confirm_media !== undefined) {
    const creatives = await confirmMedia(deps, client.client_uid, input.confirm_media);
    return { creatives, uploads: [] };
  }
  const edits = input.creatives ?? [];
  const existing = new Map(
    (await deps.creatives.list(client.client_uid)).map((c) => [c.creative_id, c]),
  );
  const now = deps.now();
  const seen = new Set<string>();
  edits.forEach((edit, i) => {
    if (seen.has(edit.creative_id))
      throw new ValidationError(
        `Creative "${edit.creative_id}" is listed twice.`,
        `creatives.${i}.creative_id`,
      );
    seen.add(edit.creative_id);
  });
  const added = edits.filter((e) => !existing.has(e.creative_id)).length;
  if (existing.size + added > MAX_CREATIVES_PER_CLIENT)
    throw new ValidationError(
      `A client has at most ${MAX_CREATIVES_PER_CLIENT} creatives.`,
      'creatives',
    );
  const changed = edits.map((edit) =>
    applyEdit(
      existing.get(edit.creative_id) ?? blankCreative(client.client_uid, edit.creative_id, now),
      edit,
      now,
      deps.newId,
    ),
  );
  const uploads: MediaUpload[] = [];
  const expires = new Date(now.getTime() + MEDIA_UPLOAD_TTL_S * 1000).toISOString();
  for (const [i, record] of changed.entries()) {
    const pending = record.pending_media;
    if (pending && edits[i]?.media)
      uploads.push({
        creative_id: record.creative_id,
        upload_url: await deps.media.presignPut(
          pending.key,
          pending.content_type,
          pending.size_bytes,
          MEDIA_UPLOAD_TTL_S,
        ),
        headers: { 'Content-Type': pending.content_type },
        expires_at: expires,
      });
  }
  for (const record of changed) {
    await deps.creatives.put(record);
    existing.set(record.creative_id, record);
  }
  return {
    creatives: [...existing.values()]
      .sort((a, b) => a.creative_id.localeCompare(b.creative_id))
      .map(creativeView),
    uploads,
  };
}

/** The record with one edit applied (fields left out stay; a media request becomes pending). */
function applyEdit(
  record: CreativeRecord,
  edit: CreativeEdit,
  now: Date,
  newId: () => string,
): CreativeRecord {
  return {
    ...record,
    ...(edit.name !== undefined ? { name: edit.name } : {}),
    ...(edit.isci !== undefined ? { isci: edit.isci } : {}),
    ...(edit.length_s !== undefined ? { length_s: edit.length_s } : {}),
    ...(edit.media
      ? {
          pending_media: {
            key: mediaKey(record.client_uid, newId()),
            content_type: edit.media.content_type,
            size_bytes: edit.media.size_bytes,
            at: now.toISOString(),
          },
        }
      : {}),
    updated_at: now.toISOString(),
  };
}
