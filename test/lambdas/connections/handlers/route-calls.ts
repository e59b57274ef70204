import { CONNECTION_MESSAGES } from '#shared/contracts/connections.schema';
import type { HttpHandler } from '#shared/http/route-handler';
import type { ConnectionDeps } from '../../../../lambdas/connections/core/ports';
import { makeHandler as connectUrl } from '../../../../lambdas/connections/handlers/connect-url.handler';
import { makeHandler as connectionStart } from '../../../../lambdas/connections/handlers/connection-start.handler';
import { makeHandler as createProperties } from '../../../../lambdas/connections/handlers/create-properties.handler';
import { makeHandler as listProperties } from '../../../../lambdas/connections/handlers/list-properties.handler';
import { httpEvent, lambdaContext } from '../../reports/handlers/events';
import { type connectionsWorld, gaProperty } from '../connection-fakes';

/** A connection route's `makeHandler`: the deps, then the staff authenticator check. */
export type Make = (
  deps: () => ConnectionDeps,
  a?: () => { hasAuthenticator: () => Promise<boolean> },
) => HttpHandler;
const staffChecks = () => ({ hasAuthenticator: async () => true });

/** Calls a route as `sub` (none: signed out; `sam` is staff with an authenticator app). */
export async function call(
  make: Make,
  deps: ConnectionDeps,
  route: string,
  body: Record<string, unknown>,
  sub?: string,
) {
  const handler = make(() => deps, staffChecks);
  const event =
    route === 'get_connections'
      ? httpEvent({
          method: 'GET',
          path: `/ss_rest/${route}`,
          sub,
          query: body as Record<string, string>,
          groups: sub === 'sam' ? ['staff'] : undefined,
        })
      : httpEvent({
          method: 'POST',
          path: `/ss_rest/${route}`,
          sub,
          body,
          groups: sub === 'sam' ? ['staff'] : undefined,
        });
  const res = await handler(event, lambdaContext);
  const parsed = JSON.parse(res.body as string) as {
    success: boolean;
    message: string;
    result?: Record<string, unknown> & { properties?: unknown[] };
    error?: { code: string; field?: string };
  };
  return { status: res.statusCode, ...parsed };
}

/** The advertiser's journey up to Google's return: a link, the start page, the consent. */
export async function journey(
  w: Awaited<ReturnType<typeof connectionsWorld>>,
  properties = [gaProperty('1001', 'https://acme.com'), gaProperty('1002', 'https://acme.com/b')],
) {
  w.google.userProperties.set('rt-ann@acme.com', properties);
  const link = await call(
    connectUrl,
    w.deps,
    'connect_url',
    { cid: 'client-a', email: '' },
    'alice',
  );
  const url = new URL(String(link.result?.connection_url));
  const xrg = url.searchParams.get('xrg') as string;
  const start = await call(connectionStart, w.deps, 'connection_start', { xrg, cid: 'client-a' });
  const state = new URL(String(start.result?.authorize_url)).searchParams.get('state') as string;
  const code = w.google.consent(state, 'ann@acme.com');
  return { link, xrg, start, state, code };
}

/** The whole journey: property 1001 connected to client-a. @returns the new connection's id. */
export async function connected(w: Awaited<ReturnType<typeof connectionsWorld>>): Promise<string> {
  const { code, state } = await journey(w);
  await call(listProperties, w.deps, 'list_properties', { code, state });
  const made = await call(createProperties, w.deps, 'create_properties', {
    code,
    gaids: ['1001'],
    client_id: 'client-a',
  });
  return String(made.result?.connection_id);
}

/** What every route answers for a link or grant that is used, cancelled, expired or forged. */
export const GONE = { status: 410, message: CONNECTION_MESSAGES.requestGone };
