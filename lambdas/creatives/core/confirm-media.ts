import {
  type Creative,
  MEDIA_MAX_BYTES,
  MEDIA_SNIFF_BYTES,
} from '#shared/contracts/creatives.schema';
import type { CreativeRecord } from '#shared/creatives/creatives';
import { ValidationError } from '#shared/errors';
import { creativeLabel, creativeView } from './creative-view';
import { audioOrVideoType } from './media-type';
import type { CreativesDeps } from './ports';
import { acceptedKey } from './update-creatives';

/**
 * Accepts the file the browser PUT to a creative's upload URL (update_creatives
 * `{ confirm_media }`; the caller's `edit` permission is checked by updateCreatives).
 * Steps: 1. the creative must have an upload waiting; 2. the object must be there, no larger
 * than 500 MB and of the size declared; 3. it is copied to its accepted key (acceptedKey), which
 * no upload URL reaches, so the URL's remaining minutes cannot change an accepted file, and the
 * upload is deleted; 4. the copy's first bytes (a Range GET of MEDIA_SNIFF_BYTES) must be audio or
 * video by content (audioOrVideoType), whatever was declared; 5. the copy becomes the creative's
 * media, with the type read from its content, and the file it replaces is deleted. A file
 * refused in 2 or 4 is deleted and the upload forgotten.
 * @returns the client's creatives.
 * @throws ValidationError (field `confirm_media`) naming the creative: no upload waiting, file
 *   not arrived, wrong size, or not audio/video.
 */
export async function confirmMedia(
  deps: CreativesDeps,
  clientUid: string,
  creativeId: string,
): Promise<Creative[]> {
  const record = await deps.creatives.get(clientUid, creativeId);
  const pending = record?.pending_media;
  if (!record || !pending)
    throw new ValidationError(
      `Creative "${creativeId}" has no upload waiting to be confirmed.`,
      'confirm_media',
    );
  const size = await deps.media.size(pending.key);
  if (size === null)
    throw new ValidationError(
      `Creative ${creativeLabel(record)}: the file has not arrived; upload it again.`,
      'confirm_media',
    );
  const wrongSize = `the file is not the ${pending.size_bytes} bytes announced`;
  if (size !== pending.size_bytes || size > MEDIA_MAX_BYTES)
    return refuse(deps, record, pending.key, wrongSize);
  const key = acceptedKey(pending.key);
  await deps.media.copy(pending.key, key);
  await deps.media.remove(pending.key);
  // Checked again on the copy: a PUT may have landed between the size check and the copy.
  if ((await deps.media.size(key)) !== pending.size_bytes)
    return refuse(deps, record, key, wrongSize);
  const type = await audioOrVideoType(await deps.media.readStart(key, MEDIA_SNIFF_BYTES));
  if (!type) return refuse(deps, record, key, 'the file is not audio or video');
  const replaced = record.media;
  await deps.creatives.put({
    ...record,
    media: {
      key,
      content_type: type,
      size_bytes: pending.size_bytes,
      at: deps.now().toISOString(),
    },
    pending_media: null,
    updated_at: deps.now().toISOString(),
  });
  if (replaced && replaced.key !== key) await deps.media.remove(replaced.key);
  return (await deps.creatives.list(clientUid)).map(creativeView);
}

/** Deletes the refused file, forgets the upload, and throws naming the creative. */
async function refuse(
  deps: CreativesDeps,
  record: CreativeRecord,
  key: string,
  why: string,
): Promise<never> {
  await deps.media.remove(key);
  await deps.creatives.put({
    ...record,
    pending_media: null,
    updated_at: deps.now().toISOString(),
  });
  throw new ValidationError(
    `Creative ${creativeLabel(record)} was not accepted: ${why}. Attach an audio or video file (MP4, MOV, MP3, WAV...).`,
    'confirm_media',
  );
}
