import { NestedStack, type NestedStackProps, Stack, type StackProps } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  type IHttpApi,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ROUTES, type RouteDef } from '../../layers/shared/routes';
import { ENV, UPLOAD_PREFIX } from '../../layers/shared/workers';
import { type StageConfig, stageConfig } from '../config/stage-config';
import { Alarms } from '../constructs/alarms.construct';
import { ApiFunction } from '../constructs/api-function.construct';
import type { DataResources } from './data.stack';

/**
 * One entry of a route's `access` list (layers/shared/routes.ts), plus the kinds the import routes
 * need but the registry cannot yet name (`uploads:read`, `lake:write`): they take effect as soon
 * as the registry adds them to the union and to a route.
 */
export type RouteAccess = RouteDef['access'][number] | 'uploads:read' | 'lake:write';

/** Every access kind this stack knows; a new kind in the registry fails type-checking here. */
const KNOWN_ACCESS: Record<RouteAccess, true> = {
  'companies:read': true,
  'companies:write': true,
  'uploads:read': true,
  'uploads:write': true,
  'lake:read': true,
  'lake:write': true,
  'reports:read': true,
  'reports:write': true,
  'reportQueue:send': true,
  'sessions:read': true,
  'sessions:write': true,
  'identity:admin': true,
  'identity:read': true,
  'identity:signout': true,
  'mail:send': true,
  'messages:write': true,
  'billing:secrets': true,
  'calls:read': true,
  'calls:write': true,
  'crm:send': true,
};

/**
 * Name of a stage's Stripe secret (issue #6), created outside CDK: JSON `{ secret_key,
 * webhook_secret, publishable_key }`, e.g. `analyticowl/prod/stripe` (live keys) and
 * `analyticowl/dev/stripe` (test keys). Referenced by name; never in a template.
 */
export const stripeSecretName = (stage: string) => `analyticowl/${stage}/stripe`;

/** The stage's Stripe secret, referenced once per stack (stage from CDK context, stageConfig). */
export function stripeSecret(scope: Construct): ISecret {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('StripeSecret') as ISecret | undefined;
  const name = stripeSecretName(stageConfig(stack).stage);
  return existing ?? Secret.fromSecretNameV2(stack, 'StripeSecret', name);
}

/**
 * Lets a function use Stripe: read the Stripe secret (STRIPE_SECRET_ARN) and send cards through
 * Stripe Elements (STRIPE_CARD_ENDPOINT=elements).
 */
export function bindStripe(fn: ApiFunction): void {
  const secret = stripeSecret(fn);
  secret.grantRead(fn);
  fn.addEnvironment(ENV.stripeSecretArn, secret.secretArn);
  fn.addEnvironment(ENV.stripeCardEndpoint, 'elements');
}

/** The Cognito admin calls the account routes make (lambdas/accounts/adapters/cognito-identity.ts). */
export const IDENTITY_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

/** 'read' | 'write' | 'readwrite' from two flags, or undefined when neither is set. */
function mode(read: boolean, write: boolean): 'read' | 'write' | 'readwrite' | undefined {
  if (read && write) return 'readwrite';
  return write ? 'write' : read ? 'read' : undefined;
}

/** `fetch_companies` -> `FetchCompanies`: the construct-id stem of a route's resources. */
export function pascalCase(name: string): string {
  return name
    .split(/[_-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * Grants a route function exactly what its `access` list names and nothing else:
 * companies -> table read or read/write; uploads -> objects under UPLOAD_PREFIX only ('write' is
 * PutObject, for presigned PUTs); `lake:read` -> query the lake (Athena in the workgroup, Glue
 * catalog read, lake objects read); `lake:write` -> lake objects read/write; reports -> bucket
 * read or read/write; `reportQueue:send` -> SendMessage; sessions -> SessionsTable;
 * `identity:admin` -> the Cognito admin calls on the user pool; `identity:read` -> AdminGetUser
 * only; `identity:signout` -> AdminUserGlobalSignOut only; `mail:send` -> SES SendEmail from
 * the stage's sender only; `messages:write` ->
 * MessagesTable read/write (its rate-limit counters are read-modify-write); `billing:secrets` -> read the Stripe secret ({@link bindStripe});
 * calls -> CallRecordsTable read or read/write (CALL_RECORDS_TABLE); `crm:send` -> SendMessage
 * on the CRM hand-off queue (CRM_QUEUE_URL).
 * @throws Error on an access kind this stack does not know.
 */
export function applyRouteAccess(
  fn: ApiFunction,
  access: readonly RouteAccess[],
  data: DataResources,
  mailFrom = '',
): void {
  for (const a of access) {
    if (!KNOWN_ACCESS[a]) throw new Error(`Unknown route access "${a}"`);
  }
  const has = (a: RouteAccess) => access.includes(a);
  if (has('companies:write')) fn.bindTable(data.companiesTable, 'readwrite');
  else if (has('companies:read')) fn.bindTable(data.companiesTable, 'read');
  const uploads = mode(has('uploads:read'), has('uploads:write'));
  if (uploads) fn.bindBucket(data.uploadsBucket, ENV.uploadsBucket, uploads, `${UPLOAD_PREFIX}*`);
  if (has('lake:read')) fn.bindAthena(data.lakeQuery);
  if (has('lake:write')) fn.bindBucket(data.lakeBucket, ENV.lakeBucket, 'readwrite');
  const reports = has('reports:write') ? 'readwrite' : has('reports:read') ? 'read' : undefined;
  if (reports) fn.bindBucket(data.reportsBucket, ENV.reportsBucket, reports);
  if (has('reportQueue:send')) fn.bindQueue(data.reportQueue, 'send');
  const sessions = mode(has('sessions:read'), has('sessions:write'));
  if (sessions)
    fn.bindTable(data.sessionsTable, sessions === 'read' ? 'read' : 'readwrite', ENV.sessionsTable);
  if (has('messages:write')) fn.bindTable(data.messagesTable, 'readwrite', ENV.messagesTable);
  if (has('billing:secrets')) bindStripe(fn);
  const calls = mode(has('calls:read'), has('calls:write'));
  if (calls)
    fn.bindTable(
      data.callRecordsTable,
      calls === 'read' ? 'read' : 'readwrite',
      ENV.callRecordsTable,
    );
  if (has('crm:send')) fn.bindQueue(data.crmQueue, 'send', ENV.crmQueueUrl);
  if (has('identity:admin'))
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...IDENTITY_ADMIN_ACTIONS],
        resources: [data.userPool.userPoolArn],
      }),
    );
  if (has('identity:read') && !has('identity:admin'))
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminGetUser'],
        resources: [data.userPool.userPoolArn],
      }),
    );
  if (has('identity:signout') && !has('identity:admin'))
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminUserGlobalSignOut'],
        resources: [data.userPool.userPoolArn],
      }),
    );
  if (has('mail:send'))
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: ['*'],
        conditions: mailFrom ? { StringEquals: { 'ses:FromAddress': mailFrom } } : undefined,
      }),
    );
}

/**
 * Routes whose Lambda differs from the house bundle. print_report (issue #4) runs
 * @sparticuz/chromium, whose npm package ships x64 binaries only and finds them relative to
 * itself, so it is installed beside the bundle (as is playwright-core, which reads its own files
 * at run time) and the function runs on x86_64; PDF_RENDERER=lambda picks that browser
 * (lambdas/reports/adapters/pdf-deps.ts).
 */
export const ROUTE_RUNTIMES: Readonly<
  Record<
    string,
    { nodeModules: string[]; architecture: Architecture; environment: Record<string, string> }
  >
> = {
  print_report: {
    nodeModules: ['@sparticuz/chromium', 'playwright-core'],
    architecture: Architecture.X86_64,
    environment: { PDF_RENDERER: 'lambda' },
  },
};

/** Props of {@link ApiStack}. */
export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  readonly data: DataResources;
  /** The routes to serve. @default ROUTES (layers/shared/routes.ts) */
  readonly routes?: readonly RouteDef[];
}

/**
 * The bounded context of a route: the `lambdas/<context>/` folder of its handler. Each context's
 * routes live in one nested stack ({@link ApiRoutesStack}), so a route never moves between
 * stacks unless its handler changes folder. (API Gateway refuses a route key twice in one API,
 * and CloudFormation creates a moved route before deleting the old one: a route that changes
 * context deploys in two steps, removed, then added.)
 */
export function routeContext(route: RouteDef): string {
  return route.handler.split('/')[1] ?? 'routes';
}

/**
 * The HTTP API (stateless), generated from the route registry. This stack holds what the API
 * has once: the HttpApi, its `$default` stage (throttled, access logs), the Cognito JWT
 * authorizer (the ID token, audience = the web client) and the API's 5xx-rate and p99-latency
 * alarms. The routes live in one nested stack per bounded context ({@link ApiRoutesStack}, id
 * `<Context>Routes`), about 7 resources per route, so this stack stays the same size however many
 * routes the registry gains, and each context has room for about 55 routes under
 * CloudFormation's 500 resources per stack (test/lib/stacks/stack-limits.test.ts).
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** The JWT authorizer on every 'user', 'agent' and 'staff' route. */
  readonly authorizer: HttpAuthorizer;
  /** The nested stack of each bounded context, by context (`accounts`, `call-centre`...). */
  readonly routeStacks: ReadonlyMap<string, ApiRoutesStack>;
  /** Route functions by route name. */
  readonly functions: ReadonlyMap<string, ApiFunction>;
  /** The API's 5xx rate and p99 latency; each route stack has its context's Lambda alarms. */
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, data } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: `AnalyticOwl API (${config.stage})`,
      createDefaultStage: false,
    });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: config.apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'AccessLogs', { retention: config.logRetention }),
        ),
      },
    });

    // Made here (not on first use by a route) so the route stacks share the one authorizer.
    this.authorizer = new HttpAuthorizer(this.httpApi, 'CognitoAuthorizer', {
      httpApi: this.httpApi,
      authorizerName: 'CognitoAuthorizer',
      type: HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: cognitoIssuer(this, data),
      jwtAudience: [data.userPoolClient.userPoolClientId],
    });
    const authorizer = HttpAuthorizer.fromHttpAuthorizerAttributes(this, 'RouteAuthorizer', {
      authorizerId: this.authorizer.authorizerId,
      authorizerType: HttpAuthorizerType.JWT,
    });

    const byContext = new Map<string, RouteDef[]>();
    for (const route of props.routes ?? (ROUTES as readonly RouteDef[])) {
      const context = routeContext(route);
      byContext.set(context, [...(byContext.get(context) ?? []), route]);
    }
    const routeStacks = new Map<string, ApiRoutesStack>();
    const functions = new Map<string, ApiFunction>();
    for (const [context, routes] of byContext) {
      const stack = new ApiRoutesStack(this, `${pascalCase(context)}Routes`, {
        config,
        data,
        httpApi: this.httpApi,
        authorizer,
        context,
        routes,
      });
      routeStacks.set(context, stack);
      for (const [name, fn] of stack.functions) functions.set(name, fn);
    }
    this.routeStacks = routeStacks;
    this.functions = functions;

    this.alarms = new Alarms(this, 'Alarms', { topic: data.alarmTopic });
    this.alarms.httpApi(this.httpApi, config.alarms);
  }

  /** Names of every alarm of the API: its own and those of its route stacks. */
  get alarmNames(): string[] {
    return [this.alarms, ...[...this.routeStacks.values()].map((s) => s.alarms)].flatMap(
      (a) => a.names,
    );
  }
}

/** The user pool's token issuer URL, as API Gateway's JWT authorizer and the routes check it. */
function cognitoIssuer(scope: Construct, data: DataResources): string {
  const stack = Stack.of(scope);
  return `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${data.userPool.userPoolId}`;
}

/** Props of {@link ApiRoutesStack}. */
export interface ApiRoutesStackProps extends NestedStackProps {
  readonly config: StageConfig;
  readonly data: DataResources;
  /** The API the routes are added to (ApiStack.httpApi). */
  readonly httpApi: IHttpApi;
  /** The API's Cognito JWT authorizer, put on every route but the 'public' ones. */
  readonly authorizer: IHttpRouteAuthorizer;
  /** The bounded context ({@link routeContext}): names its alarms (`api-<context>`). */
  readonly context: string;
  /** The context's routes, in registry order. */
  readonly routes: readonly RouteDef[];
}

/**
 * The routes of one bounded context, a nested stack of {@link ApiStack}: per route one
 * ApiFunction (`<PascalName>Function`, with its role, policy and log group), its Lambda
 * integration and invoke permission, and one route with the Cognito JWT authorizer on 'user',
 * 'agent' and 'staff' routes (the role is then checked in the handler from the `agent`/`staff`
 * groups) and none on 'public'; plus the context's errors and throttles alarms. It receives the
 * HttpApi, the authorizer and the data resources as typed props; CloudFormation passes them in
 * as the nested stack's parameters.
 */
export class ApiRoutesStack extends NestedStack {
  /** Route functions by route name. */
  readonly functions: ReadonlyMap<string, ApiFunction>;
  /** Errors and throttles of the context's functions, in chunks of MAX_METRICS_PER_ALARM. */
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: ApiRoutesStackProps) {
    super(scope, id, {
      ...props,
      description: props.description ?? `AnalyticOwl API routes: ${props.context}`,
    });
    const { config, data } = props;
    const issuer = cognitoIssuer(this, data);
    const none = new HttpNoneAuthorizer();

    const functions = new Map<string, ApiFunction>();
    for (const route of props.routes) {
      const stem = pascalCase(route.name);
      const fn = new ApiFunction(this, `${stem}Function`, {
        entry: route.handler,
        timeoutS: route.timeoutS,
        memoryMb: route.memoryMb,
        logRetention: config.logRetention,
        description: `${route.method} ${route.path}`,
        ...ROUTE_RUNTIMES[route.name],
      });
      applyRouteAccess(fn, route.access, data, config.mailFrom);
      // Public sign-in settings every route may read (no secrets: the browser gets them too).
      fn.addEnvironment(ENV.userPoolId, data.userPool.userPoolId);
      fn.addEnvironment(ENV.userPoolClientId, data.userPoolClient.userPoolClientId);
      fn.addEnvironment(ENV.cognitoIssuer, issuer);
      fn.addEnvironment(ENV.cognitoDomain, data.cognitoDomainUrl ?? '');
      fn.addEnvironment(ENV.appOrigin, config.appOrigin);
      if (route.access.includes('mail:send' as never))
        fn.addEnvironment(ENV.mailFrom, config.mailFrom);
      if (route.access.includes('messages:write' as never) && config.teamMailTo)
        fn.addEnvironment(ENV.teamMailTo, config.teamMailTo);
      new HttpRoute(this, `${stem}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${stem}Integration`, fn),
        authorizer: route.auth === 'public' ? none : props.authorizer,
      });
      functions.set(route.name, fn);
    }
    this.functions = functions;

    // One errors and one throttles alarm per chunk of the context's functions.
    this.alarms = new Alarms(this, 'Alarms', { topic: data.alarmTopic });
    this.alarms.functionGroup(`api-${props.context}`, [...functions.values()]);
  }
}
