import { type IncomingMessage, request, type ServerResponse } from 'node:http';

/** Path prefix under which the local gateway forwards to cognito-local (same origin as the app). */
export const COGNITO_PROXY_PREFIX = '/_cognito';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * Rewrites one Cognito JSON-protocol call for cognito-local, which lacks
 * `GetTokensFromRefreshToken` (what Amplify v6 refreshes with; local-stack.md §5): it becomes
 * `InitiateAuth` with `REFRESH_TOKEN_AUTH`, whose `AuthenticationResult` has the same shape.
 * Other calls pass unchanged.
 * @returns the target header and body to forward.
 */
export function translateCognitoCall(
  target: string,
  body: string,
): { target: string; body: string } {
  if (target !== `${TARGET_PREFIX}GetTokensFromRefreshToken`) return { target, body };
  const input = JSON.parse(body || '{}') as { ClientId?: string; RefreshToken?: string };
  return {
    target: `${TARGET_PREFIX}InitiateAuth`,
    body: JSON.stringify({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: input.ClientId,
      AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
    }),
  };
}

/**
 * The calls a browser may make at Cognito's public endpoint of this pool: signing in and the
 * token calls (refresh, revoke, the authenticator steps). cognito-local checks no credentials,
 * so without this list anyone reaching the local app could call the admin API (e.g. mark any
 * e-mail verified) or SignUp, which the AWS pool refuses (self sign-up is off).
 */
export const BROWSER_COGNITO_CALLS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GetUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

/**
 * The same-origin Cognito endpoint the browser's Amplify uses locally
 * (`userPoolEndpoint: <origin>/_cognito`): forwards the calls of BROWSER_COGNITO_CALLS to
 * cognito-local through translateCognitoCall and refuses the rest with NotAuthorizedException.
 * Same origin means no CORS and no second port for the browser.
 */
export function cognitoProxy(cognitoEndpoint: string) {
  const upstream = new URL(cognitoEndpoint);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (!BROWSER_COGNITO_CALLS.has(target.slice(TARGET_PREFIX.length))) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(
          JSON.stringify({
            __type: 'NotAuthorizedException',
            message: 'This call needs AWS credentials; it is not open to the browser.',
          }),
        );
        return;
      }
      const call = translateCognitoCall(target, Buffer.concat(chunks).toString('utf8'));
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: '/',
          headers: {
            'content-type': req.headers['content-type'] ?? 'application/x-amz-json-1.1',
            'x-amz-target': call.target,
            'content-length': Buffer.byteLength(call.body),
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, {
            'content-type': answer.headers['content-type'] ?? 'application/json',
            'cache-control': 'no-store',
          });
          answer.pipe(res);
        },
      );
      forward.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ __type: 'InternalErrorException', message: 'cognito-local is down' }),
        );
      });
      forward.end(call.body);
    });
  };
}
