import type { CallRecord } from '#shared/contracts/call-record';
import { recordNotFound } from './errors';
import type { CallCentreDeps } from './ports';

/**
 * GET cls_get_record (spec §7: client_id): the whole call record the advertiser panel shows.
 * @throws AppError 404 `not_found` with CALL_MESSAGES.notFound when no record has that id.
 */
export async function getRecord(
  deps: Pick<CallCentreDeps, 'records'>,
  input: { client_id: string },
): Promise<CallRecord> {
  const record = await deps.records.get(input.client_id);
  if (!record) throw recordNotFound();
  return record;
}
