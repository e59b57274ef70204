import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { type ZodType, z } from 'zod';
import type { AuthenticatorCheck } from '../auth/authenticator-check';
import { type Caller, callerFromEvent, requireCaller } from '../auth/caller';
import { routeAuthenticators } from '../auth/cognito-authenticator-check';
import { MFA_MESSAGES } from '../contracts/mfa.schema';
import { AppError, Forbidden, ValidationError } from '../errors';
import { logger } from '../logger';
import { routeMetrics } from '../metrics';
import { traced } from '../tracer';
import { fromError, ok, Redirect } from './envelope';

/** What every route's `run` receives besides its typed input. */
export interface RouteContext<C> {
  caller: C;
  event: APIGatewayProxyEventV2;
}

export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Reads the input of a request: the query string merged with the JSON body (body wins).
 * @throws ValidationError when the body is not JSON.
 */
export function rawInput(event: APIGatewayProxyEventV2): Record<string, unknown> {
  const query: Record<string, unknown> = { ...(event.queryStringParameters ?? {}) };
  if (!event.body) return query;
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return { ...query, ...parsed };
  } catch {
    // fall through to the error below
  }
  throw new ValidationError('The request body must be a JSON object.', 'body');
}

/**
 * Parses input with a zod schema.
 * @throws ValidationError naming the first failing field (dot path) with the schema's message.
 */
export function parseInput<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new ValidationError(issue?.message ?? 'Invalid input.', field);
}

/**
 * Where a route finds the AuthenticatorCheck, called only for callers whose claims say staff or
 * agent (a handler's makeHandler may take one, so tests can pass a fake). @default
 * routeAuthenticators on user and public routes: the container's AdminGetUser check (yes cached
 * 5 minutes) when USER_POOL_ID is set, else one that says no to everyone.
 */
export type Authenticators = () => AuthenticatorCheck;

/**
 * How a route resolves its caller: `public` reads the claims when there are any, `user` needs
 * them (401), and a role predicate also needs the role (403) and an authenticator app (403
 * `mfa_required`).
 */
type Admission = 'public' | 'user' | ((caller: Caller) => boolean);

/**
 * Whether the caller's account has an authenticator app. On a role route a failing pool is the
 * route's error (500); elsewhere it counts as no, so the caller goes on as a customer.
 */
async function hasAuthenticator(
  caller: Caller,
  authenticators: Authenticators,
  failHard: boolean,
): Promise<boolean> {
  try {
    return await authenticators().hasAuthenticator(caller.userId);
  } catch (error) {
    if (failHard) throw error;
    logger.warn('authenticator check failed: staff and agent claims ignored', {
      userId: caller.userId,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}

/**
 * The caller a route runs for. `staff` and `agent` mean "in the group AND has an authenticator
 * app" on every route: the user pool's MFA is optional per user, so tokens taken straight from
 * its public client could skip the login page's setup step (authenticator-check.ts). Claims
 * naming neither group are taken as they are, without asking the pool.
 * @throws Unauthenticated without claims (all but `public`); Forbidden without the role;
 *   AppError 403 `mfa_required` on a role route for an account without an authenticator app.
 */
async function admit(
  event: APIGatewayProxyEventV2,
  admission: Admission,
  authenticators: Authenticators,
): Promise<Caller | null> {
  const claimed = admission === 'public' ? callerFromEvent(event) : requireCaller(event);
  if (!claimed) return null;
  const role = typeof admission === 'function' ? admission : null;
  if (role && !role(claimed)) throw new Forbidden();
  if (!claimed.staff && !claimed.agent) return claimed;
  if (await hasAuthenticator(claimed, authenticators, role !== null)) return claimed;
  if (role) throw new AppError(MFA_MESSAGES.required, 'mfa_required', 403);
  return { ...claimed, staff: false, agent: false };
}

function build<S extends ZodType, C extends Caller | null, R>(
  schema: S,
  admission: Admission,
  run: (input: z.infer<S>, ctx: RouteContext<C>) => Promise<R>,
  authenticators: Authenticators,
): HttpHandler {
  // Middy runs `after`/`onError` in reverse order: the error mapper (last) answers first, so
  // the metrics count the status the caller gets, then flush, then the trace closes.
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(traced())
    .use(routeMetrics())
    .use({
      onError: (request) => {
        request.response = fromError(request.error, { route: request.event.routeKey });
      },
    })
    .handler(async (event) => {
      const caller = (await admit(event, admission, authenticators)) as C;
      const input = parseInput(schema, rawInput(event));
      const result = await run(input, { caller, event });
      return result instanceof Redirect ? result.toResponse() : ok(result);
    }) as unknown as HttpHandler;
}

/**
 * A route open to anyone (spec §6 visitors). `caller` is set when the request is signed in;
 * staff and agents without an authenticator app are seen without their groups.
 * Handler shape: house-style item 5.
 */
export function publicRoute<S extends ZodType, R>(
  schema: S,
  run: (input: z.infer<S>, ctx: RouteContext<Caller | null>) => Promise<R>,
  authenticators: Authenticators = routeAuthenticators,
): HttpHandler {
  return build(schema, 'public', run, authenticators);
}

/**
 * A route for signed-in users; answers 401 without verified claims. Staff and agents without an
 * authenticator app run it as plain customers (`staff` and `agent` false): they see only their
 * own organisations' clients.
 */
export function userRoute<S extends ZodType, R>(
  schema: S,
  run: (input: z.infer<S>, ctx: RouteContext<Caller>) => Promise<R>,
  authenticators: Authenticators = routeAuthenticators,
): HttpHandler {
  return build(schema, 'user', run, authenticators);
}

/**
 * A staff-only route; answers 401 without claims, 403 for non-staff and 403 `mfa_required`
 * for staff without an authenticator app (`authenticators`: the handler's poolAuthenticators).
 */
export function staffRoute<S extends ZodType, R>(
  schema: S,
  run: (input: z.infer<S>, ctx: RouteContext<Caller>) => Promise<R>,
  authenticators: Authenticators,
): HttpHandler {
  return build(schema, (caller) => caller.staff, run, authenticators);
}

/**
 * A call-centre route: agents and staff; answers 401 without claims, 403 for others and 403
 * `mfa_required` without an authenticator app (see staffRoute).
 */
export function agentRoute<S extends ZodType, R>(
  schema: S,
  run: (input: z.infer<S>, ctx: RouteContext<Caller>) => Promise<R>,
  authenticators: Authenticators,
): HttpHandler {
  return build(schema, (caller) => caller.agent || caller.staff, run, authenticators);
}

/** The empty input of routes that take none. */
export const noInput = z.object({}).passthrough();
