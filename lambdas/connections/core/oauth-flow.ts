import { isOpen } from '#shared/connections/connection-requests';
import type {
  ConnectionStartResult,
  ListPropertiesResult,
} from '#shared/contracts/connections.schema';
import { GoogleUnavailable, RequestGone } from './connection-errors';
import {
  type ConnectionDeps,
  GoogleFailure,
  grantVaultContext,
  type ListedProperty,
  type PendingGrant,
} from './ports';
import { pkceChallenge, sameDigest, sha256Hex } from './secrets';

/** How long a sign-in may take between connection_start and Google's return, in seconds. */
export const OAUTH_STATE_TTL_S = 15 * 60;
/** How long the views selection may stay open after Google's return, in seconds. */
export const PENDING_GRANT_TTL_S = 30 * 60;

/**
 * The open request a link names, or RequestGone. Every way of failing (no such client, no such
 * token, used, cancelled, expired) answers the same, and the lookup reads the same items
 * whether or not the client exists.
 */
async function openRequestOf(deps: ConnectionDeps, clientUid: string, token: string) {
  const digest = sha256Hex(token);
  const requests = await deps.requests.list(clientUid);
  const request = requests.find((r) => sameDigest(r.token_hash, digest));
  if (!request || !isOpen(request, deps.now())) throw new RequestGone();
  const client = await deps.companies.getClient(clientUid);
  if (!client) throw new RequestGone();
  return { request, client };
}

/**
 * connection_start (public): trades a connection link (`xrg`, `cid`) for Google's sign-in
 * address. The link is not used up here (a user may go back and sign in with another account);
 * create_properties uses it.
 * Steps: 1. find the open request whose token digest matches; 2. make `state` and a PKCE
 * verifier (32 random bytes each); 3. keep the verifier and the request under sha256(state)
 * for OAUTH_STATE_TTL_S; 4. answer Google's authorize address (offline access, consent,
 * analytics.readonly + openid email, S256 challenge) and the client's name.
 * @throws RequestGone for any link that does not work.
 */
export async function connectionStart(
  deps: ConnectionDeps,
  input: { xrg: string; cid: string },
): Promise<ConnectionStartResult> {
  const { request, client } = await openRequestOf(deps, input.cid, input.xrg);
  const state = deps.randomToken();
  const verifier = deps.randomToken();
  await deps.sessions.putState(
    sha256Hex(state),
    { client_uid: client.client_uid, request_id: request.request_id, verifier },
    OAUTH_STATE_TTL_S,
  );
  const authorizeUrl = await deps.google.authorizeUrl({
    state,
    codeChallenge: pkceChallenge(verifier),
  });
  return { authorize_url: authorizeUrl, client_name: client.name };
}

/** Google failures as the caller sees them: a refused code means the sign-in is over. */
function fromGoogle(error: unknown): never {
  if (error instanceof GoogleFailure) {
    if (error.operation === 'token' && error.status >= 400 && error.status < 500)
      throw new RequestGone();
    throw new GoogleUnavailable();
  }
  throw error;
}

function listing(
  grant: Pick<PendingGrant, 'properties' | 'ga_email'>,
  client: { client_uid: string; name: string },
): ListPropertiesResult {
  return {
    properties: grant.properties.map((p) => ({ ...p, checked: false })),
    ga_email: grant.ga_email,
    client_name: client.name,
    client_id: client.client_uid,
  };
}

/**
 * list_properties (public): after Google's return with `code` and `state`, lists the GA4
 * properties the Google user can read (the views selection). An empty list is an answer: the
 * page shows CONNECTION_MESSAGES.noViews.
 * Steps: 1. a grant already stored under sha256(code) with the same state: list from it (a
 * reload); 2. else take the sign-in of sha256(state) (single use) and check its request is
 * still open; 3. trade the code with the verifier; 4. list the properties with the refresh token;
 * 5. keep the sealed token and the listing under sha256(code) for PENDING_GRANT_TTL_S.
 * @throws RequestGone (unknown, reused or expired state or code, request ended, `cid` naming
 *   another client); GoogleUnavailable when Google fails or gives no offline access.
 */
export async function listProperties(
  deps: ConnectionDeps,
  input: { code: string; state: string; cid?: string },
): Promise<ListPropertiesResult> {
  const codeHash = sha256Hex(input.code);
  const stateHash = sha256Hex(input.state);
  const stored = await deps.sessions.getGrant(codeHash);
  if (stored) {
    if (!sameDigest(stored.state_hash, stateHash)) throw new RequestGone();
    return listing(stored, await clientOf(deps, stored.client_uid, input.cid));
  }
  const signIn = await deps.sessions.takeState(stateHash);
  if (!signIn) throw new RequestGone();
  const client = await clientOf(deps, signIn.client_uid, input.cid);
  const request = (await deps.requests.list(client.client_uid)).find(
    (r) => r.request_id === signIn.request_id,
  );
  if (!request || !isOpen(request, deps.now())) throw new RequestGone();
  const tokens = await deps.google.exchangeCode(input.code, signIn.verifier).catch(fromGoogle);
  if (!tokens.refreshToken)
    throw new GoogleUnavailable(
      'Google did not give lasting access. Open the connection link again and allow access.',
    );
  const properties: ListedProperty[] = await deps.google
    .listUserProperties(tokens.refreshToken)
    .catch(fromGoogle);
  const grant: PendingGrant = {
    client_uid: client.client_uid,
    request_id: request.request_id,
    state_hash: stateHash,
    sealed_refresh_token: await deps.vault.seal(tokens.refreshToken, grantVaultContext(codeHash)),
    ga_email: tokens.email,
    properties,
  };
  await deps.sessions.putGrant(codeHash, grant, PENDING_GRANT_TTL_S);
  return listing(grant, client);
}

/** The grant's client; RequestGone when it is gone or `cid` names another one. */
async function clientOf(deps: ConnectionDeps, clientUid: string, cid: string | undefined) {
  if (cid !== undefined && cid !== clientUid) throw new RequestGone();
  const client = await deps.companies.getClient(clientUid);
  if (!client) throw new RequestGone();
  return client;
}
