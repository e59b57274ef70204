import type { Creative } from '#shared/contracts/creatives.schema';
import type { CreativeRecord } from '#shared/creatives/creatives';

/** A stored creative as the browser sees it: no storage keys, no pending upload. */
export function creativeView(record: CreativeRecord): Creative {
  return {
    creative_id: record.creative_id,
    name: record.name,
    isci: record.isci,
    length_s: record.length_s,
    media: record.media
      ? {
          content_type: record.media.content_type,
          size_bytes: record.media.size_bytes,
          uploaded_at: record.media.at,
        }
      : null,
    updated_at: record.updated_at,
  };
}

/** How the creative is named in messages: its given name, else its id, quoted. */
export function creativeLabel(record: Pick<CreativeRecord, 'creative_id' | 'name'>): string {
  return `"${record.name ?? record.creative_id}"`;
}
