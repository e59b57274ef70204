import { Stack, type StackProps } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ROUTES, type RouteDef } from '#shared/routes';
import type { StageConfig } from '../config/stage-config';
import { Alarms } from '../constructs/alarms.construct';
import type { ApiFunction } from '../constructs/api-function.construct';
import { ApiRoutesStack, cognitoIssuer, pascalCase, routeContext } from './api-routes.stack';
import type { DataResources } from './data.stack';

/** Props of {@link ApiStack}. */
export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  readonly data: DataResources;
  /** The routes to serve. @default ROUTES (layers/shared/routes.ts) */
  readonly routes?: readonly RouteDef[];
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
