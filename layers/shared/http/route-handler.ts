import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { type ZodType, z } from 'zod';
import type { AuthenticatorCheck } from '../auth/authenticator-check';
import { type Caller, callerFromEvent, requireCaller } from '../auth/caller';
import { MFA_MESSAGES } from '../contracts/mfa.schema';
import { AppError, Forbidden, ValidationError } from '../errors';
import { routeMetrics } from '../metrics';
import { traced } from '../tracer';
import { fromError, ok } from './envelope';

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

function build<S extends ZodType, C, R>(
  schema: S,
  resolveCaller: (event: APIGatewayProxyEventV2) => C | Promise<C>,
  run: (input: z.infer<S>, ctx: RouteContext<C>) => Promise<R>,
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
      const caller = await resolveCaller(event);
      const input = parseInput(schema, rawInput(event));
      return ok(await run(input, { caller, event }));
    }) as unknown as HttpHandler;
}

/**
 * A route open to anyone (spec §6 visitors). `caller` is set when the request is signed in.
 * Handler shape: house-style item 5.
 */
export function publicRoute<S extends ZodType, R>(
  schema: S,
  run: (input: z.infer<S>, ctx: RouteContext<Caller | null>) => Promise<R>,
): HttpHandler {
  return build(schema, callerFromEvent, run);
}

/** A route for signed-in users; answers 401 without verified claims. */
export function userRoute<S extends ZodType, R>(
  schema: S,
  run: (input: z.infer<S>, ctx: RouteContext<Caller>) => Promise<R>,
): HttpHandler {
  return build(schema, requireCaller, run);
}

/**
 * A route for callers holding a role; 401 without claims, 403 without the role, and 403
 * `mfa_required` when the account has no authenticator app: the user pool's MFA is optional
 * per user, so tokens taken straight from the pool's public client could skip the login page's
 * setup step (authenticator-check.ts).
 */
function roleRoute<S extends ZodType, R>(
  allowed: (caller: Caller) => boolean,
  schema: S,
  run: (input: z.infer<S>, ctx: RouteContext<Caller>) => Promise<R>,
  authenticators: () => AuthenticatorCheck,
): HttpHandler {
  return build(
    schema,
    async (event) => {
      const caller = requireCaller(event);
      if (!allowed(caller)) throw new Forbidden();
      if (!(await authenticators().hasAuthenticator(caller.userId)))
        throw new AppError(MFA_MESSAGES.required, 'mfa_required', 403);
      return caller;
    },
    run,
  );
}

/**
 * A staff-only route; answers 401 without claims, 403 for non-staff and 403 `mfa_required`
 * for staff without an authenticator app (`authenticators`: the handler's poolAuthenticators).
 */
export function staffRoute<S extends ZodType, R>(
  schema: S,
  run: (input: z.infer<S>, ctx: RouteContext<Caller>) => Promise<R>,
  authenticators: () => AuthenticatorCheck,
): HttpHandler {
  return roleRoute((caller) => caller.staff, schema, run, authenticators);
}

/**
 * A call-centre route: agents and staff; answers 401 without claims, 403 for others and 403
 * `mfa_required` without an authenticator app (see staffRoute).
 */
export function agentRoute<S extends ZodType, R>(
  schema: S,
  run: (input: z.infer<S>, ctx: RouteContext<Caller>) => Promise<R>,
  authenticators: () => AuthenticatorCheck,
): HttpHandler {
  return roleRoute((caller) => caller.agent || caller.staff, schema, run, authenticators);
}

/** The empty input of routes that take none. */
export const noInput = z.object({}).passthrough();
