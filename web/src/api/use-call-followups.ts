import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { CallFollowup } from '#shared/contracts/call-record';
import { callRoute } from './client';

const ROUTE = 'cls_followups';

/** The SWR key of the follow-ups due on `today` (the server's default range around it). */
export const callFollowupsKey = (today: string) => [ROUTE, { today }] as const;

/**
 * The follow-ups due (route cls_followups, GET {today}; ours, "Follow-ups due"): overdue ones
 * from the last 14 days and today's, by day, time and name. `today` is the agent's local day
 * (YYYY-MM-DD), so the key changes at midnight. Fetched on every mount, so the list is fresh
 * each time the screen goes back to "no record open".
 */
export function useCallFollowups(today: string) {
  return useSWR(
    callFollowupsKey(today),
    ([name, input]) => callRoute<CallFollowup[]>(name, input),
    { keepPreviousData: true, revalidateOnMount: true, shouldRetryOnError: false },
  );
}

/**
 * A function that marks every cached follow-up list stale and refetches the shown one (after a
 * call ends, a follow-up just set must appear).
 */
export function useRefreshCallFollowups(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate((key) => Array.isArray(key) && key[0] === ROUTE), [mutate]);
}
