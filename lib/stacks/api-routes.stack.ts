import { resolve } from 'node:path';
import { NestedStack, type NestedStackProps, Stack } from 'aws-cdk-lib';
import {
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  type IHttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { BUILD_ID_ENV } from '#shared/build-id';
import type { RouteDef } from '#shared/routes';
import { ENV } from '#shared/workers';
import { readWebBuildId } from '../build-id-file';
import type { StageConfig } from '../config/stage-config';
import { Alarms } from '../constructs/alarms.construct';
import { ApiFunction, PROJECT_ROOT } from '../constructs/api-function.construct';
import type { DataResources } from './data.stack';
import { applyRouteAccess } from './route-access';

/** `fetch_companies` -> `FetchCompanies`: the construct-id stem of a route's resources. */
export function pascalCase(name: string): string {
  return name
    .split(/[_-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
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
 * Routes whose Lambda differs from the house bundle. print_report runs
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
  // sharp (libvips) loads a platform binary package at run time, so it is installed beside the
  // bundle rather than bundled, on the architecture the build machine's npm resolves (x64):
  // the summary e-mail's chart (SVG -> PNG) and the station logo's check and resize.
  send_summary_email: {
    nodeModules: ['sharp'],
    architecture: Architecture.X86_64,
    environment: {},
  },
  update_station_info: {
    nodeModules: ['sharp'],
    architecture: Architecture.X86_64,
    environment: {},
  },
};

/** The user pool's token issuer URL, as API Gateway's JWT authorizer and the routes check it. */
export function cognitoIssuer(scope: Construct, data: DataResources): string {
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
      // The deployed web build's id, which the tasks panel compares with the loaded app's.
      if (route.name === 'company_queue_monitor')
        fn.addEnvironment(BUILD_ID_ENV, readWebBuildId(resolve(PROJECT_ROOT, 'web/dist')));
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
