import type { z } from 'zod';
import {
  type ConnectUrlResult,
  type CreatePropertiesInput,
  type connectionRemoveSchema,
  type connectPropertySchema,
  connectUrlResultSchema,
  type garequestCancelSchema,
} from '#shared/contracts/connections.schema';
import { ApiError, callRoute } from './client';

/**
 * The write calls of web-analytics connections (the reads are SWR hooks: use-connections.ts,
 * use-connection-start.ts, use-ga-properties.ts). Every function throws ApiError on failure.
 */

/**
 * Makes a connection request link for a client (connect_url; `edit` on it), mailed to `email`
 * when one is given. @returns the link, its expiry (ISO-8601 UTC) and where it was mailed.
 */
export async function makeConnectionLink(input: {
  cid: string;
  email?: string;
}): Promise<ConnectUrlResult> {
  const parsed = connectUrlResultSchema.safeParse(await callRoute<unknown>('connect_url', input));
  if (!parsed.success) throw new ApiError('The link could not be made.', 'invalid', 200);
  return parsed.data;
}

/** Cancels an open connection request (garequest_cancel). */
export function cancelConnectionRequest(
  input: z.input<typeof garequestCancelSchema>,
): Promise<unknown> {
  return callRoute('garequest_cancel', { ...input });
}

/**
 * Attaches a property to the client (connect_property): a Viewer-access property when
 * `connection_id` is absent, else one more property of that connection.
 */
export function attachProperty(input: z.input<typeof connectPropertySchema>): Promise<unknown> {
  return callRoute('connect_property', { ...input });
}

/** Disconnects a connection (connection_remove); the visits already pulled stay. */
export function removeConnection(input: z.input<typeof connectionRemoveSchema>): Promise<unknown> {
  return callRoute('connection_remove', { ...input });
}

/**
 * Stores the ticked properties of a Google sign-in as the client's connection
 * (create_properties, public, bound to the code list_properties traded); the backfill starts.
 */
export function createProperties(input: CreatePropertiesInput): Promise<unknown> {
  return callRoute('create_properties', { ...input });
}
