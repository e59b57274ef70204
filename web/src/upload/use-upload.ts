import { useState } from 'react';
import { fileSizeMessage, IMPORT_LIMITS, type ImportKind } from '#shared/contracts/postlog.schema';
import { createUpload, postFile } from '../api/actions';
import { errorMessage } from '../api/client';
import { refreshTasks } from '../shell/use-company-queue';

/** Where an upload is: choosing, sending the file (fraction 0..1), then the import job. */
export type UploadPhase =
  | { phase: 'idle' }
  | { phase: 'uploading'; fraction: number }
  | { phase: 'importing'; postlogId: string }
  | { phase: 'error'; message: string };

/** Input of an upload start. */
export interface UploadStart {
  kind: ImportKind;
  file: File;
  /** Required for visits and foot-traffic files. */
  clientUid?: string;
  /** Post-logs only: overrides the advertiser read from the file. */
  advertiser?: string;
}

/**
 * The browser side of an upload: a file over its kind's size limit is refused at once (the
 * message names the limit); otherwise create_upload for a presigned POST, POST the file there
 * with progress, then hand the postlog_id to useImport, which polls the job. Once the file is
 * stored its import job exists, so the tasks panel is asked to poll at once (refreshTasks).
 */
export function useUpload(): [UploadPhase, (start: UploadStart) => Promise<void>, () => void] {
  const [state, setState] = useState<UploadPhase>({ phase: 'idle' });

  async function start({ kind, file, clientUid, advertiser }: UploadStart) {
    const contentType = file.type || 'text/csv';
    if (file.size > IMPORT_LIMITS.maxBytes[kind]) {
      setState({ phase: 'error', message: fileSizeMessage(kind, file.size) });
      return;
    }
    setState({ phase: 'uploading', fraction: 0 });
    try {
      const upload = await createUpload({
        kind,
        file_name: file.name,
        content_type: contentType,
        size_bytes: file.size,
        ...(clientUid ? { client_uid: clientUid } : {}),
        ...(advertiser ? { advertiser } : {}),
      });
      await postFile(upload.upload_url, upload.fields, file, (fraction) =>
        setState({ phase: 'uploading', fraction }),
      );
      setState({ phase: 'importing', postlogId: upload.postlog_id });
      // The stored file starts the import: the tasks panel shows it without waiting for a poll.
      void refreshTasks();
    } catch (error) {
      setState({ phase: 'error', message: errorMessage(error) });
    }
  }

  return [state, start, () => setState({ phase: 'idle' })];
}
