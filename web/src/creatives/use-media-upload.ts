import { useCallback, useState } from 'react';
import { MEDIA_MAX_BYTES, mediaRequestSchema } from '#shared/contracts/creatives.schema';
import { errorMessage } from '../api/client';
import { putFile, updateCreatives } from './creatives-api';

/** Where one creative's media upload is. `fraction` 0..1 of the bytes sent. */
export type MediaUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number }
  | { phase: 'checking' }
  | { phase: 'done' }
  | { phase: 'error'; message: string };

/**
 * Why a file cannot be attached before anything is sent (the server checks again, and then by
 * content): not audio or video by its type, empty, or over 500 MB. Null when it may be sent.
 */
export function mediaFileProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  const out = mediaRequestSchema.safeParse({ content_type: file.type, size_bytes: file.size });
  if (out.success) return null;
  if (file.size > MEDIA_MAX_BYTES) return `${file.name} is larger than 500 MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return `${file.name} is not an audio or video file. Attach an MP4, MOV, MP3, WAV...`;
}

/**
 * Attaches a file to a creative: asks update_creatives for an upload URL, PUTs the file with
 * real progress, then asks the server to check it by content (`confirm_media`).
 */
export function useMediaUpload(clientUid: string, creativeId: string) {
  const [state, setState] = useState<MediaUploadState>({ phase: 'idle' });
  const upload = useCallback(
    async (file: File) => {
      const problem = mediaFileProblem(file);
      if (problem) {
        setState({ phase: 'error', message: problem });
        return;
      }
      setState({ phase: 'uploading', fraction: 0 });
      try {
        const asked = await updateCreatives({
          client_uid: clientUid,
          creatives: [
            { creative_id: creativeId, media: { content_type: file.type, size_bytes: file.size } },
          ],
        });
        const target = asked.uploads.find((u) => u.creative_id === creativeId);
        if (!target) throw new Error('no upload URL');
        await putFile(target.upload_url, target.headers, file, (fraction) =>
          setState({ phase: 'uploading', fraction }),
        );
        setState({ phase: 'checking' });
        await updateCreatives({ client_uid: clientUid, confirm_media: creativeId });
        setState({ phase: 'done' });
      } catch (error) {
        setState({ phase: 'error', message: errorMessage(error) });
      }
    },
    [clientUid, creativeId],
  );
  return { state, upload, reset: () => setState({ phase: 'idle' }) };
}
