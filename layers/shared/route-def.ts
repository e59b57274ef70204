/**
 * The shape of a route of the registry (layers/shared/routes.ts) and the helpers that build the
 * common kinds of rows (account, report and other-context routes).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: anyone, a signed-in user, a call-centre agent (Cognito group `agent`,
 * staff too), or staff only (group `staff`).
 */
export type RouteAuth = 'public' | 'user' | 'agent' | 'staff';

export interface RouteDef {
  /** The spec's route name, e.g. `perform_report`. */
  name: string;
  method: HttpMethod;
  /** Path under the API root. */
  path: string;
  /** Repo-relative module exporting `handler` (an API Gateway HTTP API v2 handler). */
  handler: string;
  auth: RouteAuth;
  /** Lambda timeout in seconds. @default 29 */
  timeoutS?: number;
  /** Lambda memory in MB. @default 512 */
  memoryMb?: number;
  /** What the route's Lambda touches; the CDK grants exactly these. */
  access: ReadonlyArray<
    | 'companies:read'
    | 'companies:write'
    | 'uploads:read'
    | 'uploads:write'
    /** The media bucket (MEDIA_BUCKET): creatives' audio and video; write = PutObject/DeleteObject. */
    | 'media:read'
    | 'media:write'
    | 'lake:read'
    | 'lake:write'
    | 'reports:read'
    | 'reports:write'
    | 'reportQueue:send'
    | 'sessions:read'
    | 'sessions:write'
    | 'identity:admin'
    /**
     * Read a user of the pool (AdminGetUser): e.g. whether its e-mail is verified, or whether it
     * has an authenticator app (every route but the public ones: {@link withRoleAccess}).
     */
    | 'identity:read'
    /** Sign a user of the pool out everywhere (AdminUserGlobalSignOut) and nothing else. */
    | 'identity:signout'
    | 'mail:send'
    | 'messages:write'
    /** Stripe keys (the Secrets Manager secret in AWS). */
    | 'billing:secrets'
    /** The CallRecordsTable; `crm:send`: the sales CRM's hand-off queue (call centre). */
    | 'calls:read'
    | 'calls:write'
    | 'crm:send'
    /** How uploaders reach post-log drops: the SFTP server's host (DROPS_SFTP_HOST), if any. */
    | 'drops:sftp'
    /**
     * Google Analytics as the product: the Google secret and settings, and sealing/opening of
     * stored refresh tokens with the token key (lib/stacks/google-access.ts bindGoogle).
     */
    | 'google:connect'
    /** Send to the GaPull queue (GA_PULL_QUEUE_URL): a connected property's backfill. */
    | 'gaPull:send'
    /**
     * Create, update and delete the EventBridge Scheduler schedules of scheduled deliveries in
     * their group (SCHEDULE_GROUP), passing the scheduler's role (SCHEDULER_ROLE_ARN) that sends
     * to the DeliveryQueue (DELIVERY_QUEUE_ARN).
     */
    | 'schedules:trigger'
    /** Read the secret signing unsubscribe links (SCHEDULE_LINK_SECRET_ARN). */
    | 'schedules:links'
    /** Send to the GenerateQueue (GENERATE_QUEUE_URL): one generated report family to build. */
    | 'generate:send'
    /** Start the organisation roll-up state machine (ORG_REPORTING_STATE_MACHINE_ARN). */
    | 'orgReporting:start'
  >;
}

/**
 * The registry as deployed: every route that receives a signed-in caller (all but 'public',
 * which API Gateway gives no claims) also gets `identity:read`, because the route builder asks
 * the user pool whether a caller whose claims say staff or agent has an authenticator app before
 * the route runs (layers/shared/http/route-handler.ts): on agent and staff routes to let them in,
 * on the others to keep or drop their staff powers. Added here, so no such route can forget it.
 */
export function withRoleAccess<const R extends readonly RouteDef[]>(routes: R): R {
  return routes.map((route) =>
    route.auth !== 'public' && !route.access.includes('identity:read')
      ? { ...route, access: [...route.access, 'identity:read'] }
      : route,
  ) as unknown as R;
}

/**
 * One account route: path `/ss_rest/<name>`, handler `lambdas/accounts/handlers/<file>.handler.ts`
 * (file defaults to the name in kebab-case).
 */
export function accountRoute<N extends string, M extends HttpMethod, A extends RouteAuth>(
  name: N,
  method: M,
  auth: A,
  access: RouteDef['access'],
  file = name.replaceAll('_', '-'),
) {
  return [
    {
      name,
      method,
      path: `/ss_rest/${name}` as const,
      handler: `lambdas/accounts/handlers/${file}.handler.ts`,
      auth,
      access,
    },
  ] as const;
}

/**
 * One signed-in report route: path `/ss_rest/<name>`, handler
 * `lambdas/reports/handlers/<name in kebab-case>.handler.ts`.
 */
export function reportRoute<N extends string, M extends HttpMethod>(
  name: N,
  method: M,
  access: RouteDef['access'],
) {
  return [
    {
      name,
      method,
      path: `/ss_rest/${name}` as const,
      handler: `lambdas/reports/handlers/${name.replaceAll('_', '-')}.handler.ts`,
      auth: 'user' as const,
      access,
    },
  ] as const;
}

/**
 * One route of a bounded context: path `/ss_rest/<name>`, handler
 * `lambdas/<context>/handlers/<name in kebab-case>.handler.ts` (billing, for one).
 */
export function contextRoute<N extends string, M extends HttpMethod, A extends RouteAuth>(
  name: N,
  method: M,
  auth: A,
  access: RouteDef['access'],
  context:
    | 'billing'
    | 'call-centre'
    | 'connections'
    | 'companies'
    | 'schedules'
    | 'families'
    | 'campaigns'
    | 'creatives'
    | 'reference'
    | 'ratings'
    | 'acquisition' = 'billing',
) {
  return [
    {
      name,
      method,
      path: `/ss_rest/${name}` as const,
      handler: `lambdas/${context}/handlers/${name.replaceAll('_', '-')}.handler.ts`,
      auth,
      access,
    },
  ] as const;
}
