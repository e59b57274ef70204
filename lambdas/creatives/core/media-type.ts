import { fileTypeFromBuffer } from 'file-type';

/**
 * The media type of a file by its CONTENT (its first bytes; magic numbers via `file-type`), when
 * it is audio or video: e.g. 'video/mp4', 'audio/mpeg', 'audio/wav'. Null for anything else
 * (images, documents, unknown bytes), whatever its name or declared type says (spec §7
 * update_creatives: "audio and video only, checked by content").
 */
export async function audioOrVideoType(start: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(start);
  if (!found) return null;
  return /^(audio|video)\//.test(found.mime) ? found.mime : null;
}
