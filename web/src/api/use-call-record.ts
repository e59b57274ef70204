import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { CallRecord } from '#shared/contracts/call-record';
import { callRoute } from './client';

/** The SWR key of one call record. */
export const callRecordKey = (clientId: string) =>
  ['cls_get_record', { client_id: clientId }] as const;

/**
 * One advertiser's call record (route cls_get_record, GET {client_id}; spec §7). No id, no call.
 * Not revalidated on focus: the agent's unsaved edits live in the forms, and a save answers with
 * the fresh record ({@link usePutCallRecord}).
 */
export function useCallRecord(clientId: string | null) {
  return useSWR(
    clientId ? callRecordKey(clientId) : null,
    ([name, input]) => callRoute<CallRecord>(name, input),
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
}

/** A function that puts the record a save answered with into this SWR cache (no refetch). */
export function usePutCallRecord(): (record: CallRecord) => void {
  const { mutate } = useSWRConfig();
  return useCallback(
    (record: CallRecord) => void mutate(callRecordKey(record.id), record, { revalidate: false }),
    [mutate],
  );
}
