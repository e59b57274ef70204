import useSWR from 'swr';
import {
  type GetConnectionsResult,
  getConnectionsResultSchema,
} from '#shared/contracts/connections.schema';
import { ApiError, callRoute } from './client';

/** How often the Connections panel polls while a property's pull is under way, in milliseconds. */
export const PULL_POLL_MS = 2000;

/**
 * How often it polls while a connection request is open (the advertiser may finish it at any
 * moment in another browser), in milliseconds.
 */
export const REQUEST_POLL_MS = 5000;

/** The SWR key of one client's connections. */
export const connectionsKey = (clientUid: string) =>
  ['get_connections', { cid: clientUid }] as const;

/** get_connections checked against the shared contract. @throws ApiError */
export async function fetchConnections(input: { cid: string }): Promise<GetConnectionsResult> {
  const parsed = getConnectionsResultSchema.safeParse(
    await callRoute<unknown>('get_connections', input),
  );
  if (!parsed.success) {
    console.error('get_connections result breaks the contract', parsed.error.issues.slice(0, 5));
    throw new ApiError('These connections could not be read.', 'invalid_connections', 200);
  }
  return parsed.data;
}

/** True while any connected property's pull is queued, running or waiting for Google's quota. */
export function pullUnderWay(result: GetConnectionsResult): boolean {
  return result.connections.some((c) =>
    c.properties.some((p) => p.pull.state !== 'done' && p.pull.state !== 'failed'),
  );
}

/**
 * How long after its creation a connection without properties is taken as still being set up, in
 * milliseconds: the advertiser's finish writes the connection, then its properties and their
 * pulls, and a poll in between sees the request used, no property and no pull.
 */
export const CONNECTION_SETUP_MS = 120_000;

/**
 * True while an active connection made in the last {@link CONNECTION_SETUP_MS} (`nowMs`, epoch
 * milliseconds) has no property yet.
 */
export function connectionSettingUp(result: GetConnectionsResult, nowMs: number): boolean {
  return result.connections.some(
    (c) =>
      c.status === 'active' &&
      c.properties.length === 0 &&
      nowMs - Date.parse(c.created_at) < CONNECTION_SETUP_MS,
  );
}

/**
 * The poll interval for a result: every {@link PULL_POLL_MS} while a pull runs (the backfill
 * progress bar moves), every {@link REQUEST_POLL_MS} while a request is open or a new connection
 * has no property yet ({@link connectionSettingUp}), else none.
 */
export function connectionsPollMs(
  result: GetConnectionsResult | undefined,
  nowMs: number = Date.now(),
): number {
  if (!result) return 0;
  if (pullUnderWay(result)) return PULL_POLL_MS;
  if (result.requests.some((r) => r.status === 'open')) return REQUEST_POLL_MS;
  return connectionSettingUp(result, nowMs) ? REQUEST_POLL_MS : 0;
}

/**
 * A client's web-analytics connections, requests and attachable Viewer-access properties (route
 * get_connections, { cid }), polled while a pull or a request is under way or a new connection
 * has no property yet. No client -> no request. Key `['get_connections', { cid }]`.
 */
export function useConnections(clientUid: string | undefined) {
  return useSWR(
    clientUid ? connectionsKey(clientUid) : null,
    ([, input]) => fetchConnections(input),
    {
      keepPreviousData: false,
      revalidateOnFocus: true,
      // A new function each render: SWR re-arms its timer only when this option changes, so a
      // fixed function read while the first answer was pending would never start the polling.
      refreshInterval: (data) => connectionsPollMs(data),
      errorRetryInterval: PULL_POLL_MS * 5,
      // A deployment without the connection routes answers unknown_route: nothing to retry.
      shouldRetryOnError: (error) => !(error instanceof ApiError && error.code === 'unknown_route'),
    },
  );
}
