import type { ImportJob } from '#shared/contracts/postlog.schema';
import { callApi } from '../../../lib/local/route-calls';

/**
 * The gateway calls importFile needs, as the upload panel makes them for the user of `token`
 * (a Cognito id token): create_upload and get_import on the stack at `url`.
 */
export function importCalls(url: string, token: string) {
  return {
    createUpload: (input: Record<string, unknown>) =>
      callApi<never>(url, 'create_upload', input, token),
    getImport: (id: string) => callApi<ImportJob>(url, 'get_import', { postlog_id: id }, token),
  };
}
