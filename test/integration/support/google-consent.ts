import type { ConnectionStartResult, ConnectUrlResult } from '#shared/contracts/connections.schema';
import { callApi } from '../../../lib/local/route-calls';

/**
 * The advertiser on the local Google stand-in's consent page (lib/local/google): opens Google's
 * authorize address the product gave, picks the fake Google account `user` and allows, as a
 * person does in the browser.
 * @returns the query of the redirect back to the product (`code` and `state`, or `error`).
 */
export async function consentOnStandIn(
  googleUrl: string,
  authorizeUrl: string,
  user: string,
): Promise<URLSearchParams> {
  const html = await (await fetch(authorizeUrl)).text();
  const id = /name="consent" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await fetch(`${googleUrl}/o/oauth2/v2/auth/consent`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: id, user, decision: 'allow' }),
  });
  return new URL(answer.headers.get('location') ?? '').searchParams;
}

/**
 * The advertiser opening a connection link for client `cid` (connection_start through the gateway
 * at `apiUrl` with the link's `xrg`) and allowing Google's consent on the stand-in as `user`.
 * @returns the link's `xrg`, connection_start's answer and the `code` and `state` Google sent back
 *   (what list_properties takes).
 */
export async function openLinkAndConsent(
  apiUrl: string,
  googleUrl: string,
  link: ConnectUrlResult,
  cid: string,
  user = 'owner@demo-advertiser.example',
): Promise<{ xrg: string; start: ConnectionStartResult; grant: { code: string; state: string } }> {
  const xrg = new URL(link.connection_url).searchParams.get('xrg') ?? '';
  const start = await callApi<ConnectionStartResult>(apiUrl, 'connection_start', { xrg, cid });
  const back = await consentOnStandIn(googleUrl, start.authorize_url, user);
  return { xrg, start, grant: { code: back.get('code') ?? '', state: back.get('state') ?? '' } };
}
