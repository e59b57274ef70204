/**
 * A client's creatives as stored (CompaniesTable, beside the client): what a user calls each
 * spot, its ISCI and length, and where its media lives. The creative's id is the post-log's
 * creative value, as the report's Creative table keys its rows (spec §7 update_creatives).
 */

/** A file in the media bucket: its key, media type (read from the content once accepted), bytes. */
export interface StoredMedia {
  key: string;
  content_type: string;
  size_bytes: number;
  /** UTC ISO instant: accepted (media) or upload URL made (pending_media). */
  at: string;
}

/** One creative of a client. Nulls: not set by a user yet. */
export interface CreativeRecord {
  client_uid: string;
  creative_id: string;
  /** Display name, 1-80 characters; null shows the post-log's value. */
  name: string | null;
  /** ISCI / Ad-ID, upper-case. */
  isci: string | null;
  /** Spot length in seconds. */
  length_s: number | null;
  /** The accepted media (checked by content: audio or video). */
  media: StoredMedia | null;
  /** An upload URL handed out and not yet confirmed; replaces `media` once confirmed. */
  pending_media: StoredMedia | null;
  /** UTC ISO instant of the last change. */
  updated_at: string;
}

/** Storage of creatives (DynamoCreatives in AWS and locally; MemoryCreatives in tests). */
export interface CreativesRepository {
  /**
   * Every stored creative of a client, by creative_id. `consistent`: a strongly consistent read
   * (every write acknowledged before it is in the answer), for a copy kept by the client's
   * `creatives_version`.
   */
  list(clientUid: string, options?: { consistent?: boolean }): Promise<CreativeRecord[]>;
  get(clientUid: string, creativeId: string): Promise<CreativeRecord | null>;
  /**
   * Creates or replaces one creative, and gives its client record a fresh `creatives_version`
   * (both or neither, where the store keeps client records).
   */
  put(record: CreativeRecord): Promise<void>;
}

/** A creative nobody has changed yet. */
export function blankCreative(clientUid: string, creativeId: string, now: Date): CreativeRecord {
  return {
    client_uid: clientUid,
    creative_id: creativeId,
    name: null,
    isci: null,
    length_s: null,
    media: null,
    pending_media: null,
    updated_at: now.toISOString(),
  };
}
