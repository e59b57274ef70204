import type { Caller } from '#shared/auth/caller';
import { writableClient } from '#shared/companies/companies';
import { refreshClientConnectionStatus } from '#shared/connections/client-status';
import { isOpen } from '#shared/connections/connection-requests';
import {
  CONNECTION_REQUEST_TTL_S,
  type ConnectUrlResult,
} from '#shared/contracts/connections.schema';
import { Conflict, NotFound } from '#shared/errors';
import { oneLine } from '../../comms/core/mail-text';
import type { ConnectionDeps } from './ports';
import { sha256Hex } from './secrets';

/** Open requests a client may have at once (each one is a working link; bounds mail sent). */
export const MAX_OPEN_REQUESTS = 10;

/** The link an advertiser opens: the site's start page with the request token and the client. */
export function connectionLink(siteOrigin: string, token: string, clientUid: string): string {
  const query = new URLSearchParams({ xrg: token, cid: clientUid });
  return `${siteOrigin}/start_connection?${query.toString()}`;
}

/**
 * connect_url (spec §5 connection_url, connection_email): makes a connection request link for
 * a client the caller may edit, and mails it when an e-mail is given.
 * Steps: 1. check `edit` on the client (404 when not visible, 403 without edit); 2. refuse when
 * MAX_OPEN_REQUESTS links are open; 3. make a 32-byte random token and store only its SHA-256
 * with the request (expires after CONNECTION_REQUEST_TTL_S); 4. mail the link; 5. the client
 * becomes almost_connected unless better.
 * @throws NotFound, Forbidden; Conflict when too many links are open.
 */
export async function connectUrl(
  deps: ConnectionDeps,
  caller: Caller,
  input: { cid: string; email: string },
): Promise<ConnectUrlResult> {
  const client = await writableClient(deps.companies, caller, input.cid);
  const now = deps.now();
  const open = (await deps.requests.list(client.client_uid)).filter((r) => isOpen(r, now));
  if (open.length >= MAX_OPEN_REQUESTS)
    throw new Conflict(
      `This client has ${MAX_OPEN_REQUESTS} open connection links. Cancel one before sending another.`,
    );
  const token = deps.randomToken();
  const expiresAt = new Date(now.getTime() + CONNECTION_REQUEST_TTL_S * 1000).toISOString();
  const requestId = deps.newId();
  await deps.requests.put({
    client_uid: client.client_uid,
    request_id: requestId,
    token_hash: sha256Hex(token),
    email: input.email,
    created_by: caller.userId,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    status: 'open',
    closed_at: null,
  });
  const url = connectionLink(deps.siteOrigin, token, client.client_uid);
  if (input.email) {
    await deps.mailer.send({
      to: input.email,
      subject: oneLine(`Connect Google Analytics to AnalyticOwl for ${client.name}`, 150),
      text: [
        `You are asked to connect the Google Analytics of ${client.name} to AnalyticOwl,`,
        'so its website visits can be matched to its TV and radio airings.',
        '',
        `Open this link, sign in with Google and pick the website's property:`,
        url,
        '',
        `The link works once and expires on ${expiresAt.slice(0, 10)}.`,
        'AnalyticOwl only reads your analytics data; it never changes it.',
      ].join('\n'),
    });
  }
  await refreshClientConnectionStatus(deps, client.client_uid);
  return {
    connection_url: url,
    request_id: requestId,
    expires_at: expiresAt,
    mailed_to: input.email || null,
  };
}

/**
 * garequest_cancel: ends an open connection request of a client the caller may edit; its link
 * stops working at once.
 * @throws NotFound (client not visible, or no such request of this client), Forbidden without
 *   edit, Conflict when the request is no longer open.
 */
export async function cancelRequest(
  deps: ConnectionDeps,
  caller: Caller,
  input: { cid: string; request_id: string },
): Promise<{ request_id: string; status: 'cancelled' }> {
  const client = await writableClient(deps.companies, caller, input.cid);
  const requests = await deps.requests.list(client.client_uid);
  if (!requests.some((r) => r.request_id === input.request_id))
    throw new NotFound('Connection request');
  const closed = await deps.requests.close(
    client.client_uid,
    input.request_id,
    'cancelled',
    deps.now(),
  );
  if (!closed) throw new Conflict('This connection request is no longer open.');
  await refreshClientConnectionStatus(deps, client.client_uid);
  return { request_id: input.request_id, status: 'cancelled' };
}
