import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '#shared/routes';
import { stageConfig } from '../../../lib/config/stage-config';
import { ApiFunction } from '../../../lib/constructs/api-function.construct';
import { pascalCase, ROUTE_RUNTIMES } from '../../../lib/stacks/api-routes.stack';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import { DataStack } from '../../../lib/stacks/data.stack';
import { applyRouteAccess } from '../../../lib/stacks/route-access';
import {
  actionsOn,
  buildStage,
  constructId,
  flattenedTemplate,
  functionEnv,
  functionStatements,
  logicalIdOf,
  resourcesOf,
  testApp,
} from '../cdk-fixture';

const routes = ROUTES as readonly RouteDef[];
const TABLE_WRITES = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

let stacks: AppStacks;
/** The Api stack with its route stacks inlined (each resource as CloudFormation receives it). */
let api: Template;
/** Logical id of a data-stack resource: cross-stack references carry it in their export name. */
let dataId: (element: unknown) => string;

beforeAll(() => {
  stacks = buildStage();
  api = flattenedTemplate(stacks.api);
  dataId = (resource) => constructId(resource, stacks.data);
});

describe('HTTP API generated from the route registry', () => {
  it('gives every registered route its own API route and its own Lambda integration', () => {
    const resources = resourcesOf(api);
    const routeResources = Object.values(resources).filter(
      (r) => r.Type === 'AWS::ApiGatewayV2::Route',
    );
    expect(routeResources).toHaveLength(routes.length);

    const integratedFunctions = routes.map((route) => {
      const routeRes = routeResources.find(
        (r) => r.Properties?.RouteKey === `${route.method} ${route.path}`,
      );
      expect(routeRes, `route ${route.name}`).toBeDefined();
      const target = JSON.stringify(routeRes?.Properties?.Target);
      const integrationId = /integrations\/"?,?\{"Ref":"([^"]+)"/.exec(target)?.[1] ?? '';
      const uri = JSON.stringify(resources[integrationId]?.Properties?.IntegrationUri);
      const fnId = logicalIdOf(api, 'AWS::Lambda::Function', `${pascalCase(route.name)}Function`);
      expect(uri).toContain(fnId);
      return fnId;
    });
    expect(new Set(integratedFunctions).size).toBe(routes.length);
  });

  it('puts the Cognito JWT authorizer on user and staff routes and none on public routes', () => {
    const authorizers = api.findResources('AWS::ApiGatewayV2::Authorizer');
    expect(Object.keys(authorizers)).toHaveLength(1);
    const [authorizerId, authorizer] = Object.entries(authorizers)[0] ?? [];
    expect(authorizer?.Properties.AuthorizerType).toBe('JWT');
    expect(JSON.stringify(authorizer?.Properties.JwtConfiguration.Issuer)).toContain(
      'cognito-idp.',
    );
    expect(JSON.stringify(authorizer?.Properties.JwtConfiguration.Audience)).toContain(
      dataId(stacks.data.resources.userPoolClient),
    );

    for (const route of routes) {
      const [routeRes] = Object.values(
        api.findResources('AWS::ApiGatewayV2::Route', {
          Properties: { RouteKey: `${route.method} ${route.path}` },
        }),
      );
      if (route.auth === 'public') {
        expect(routeRes?.Properties.AuthorizationType, route.name).toBe('NONE');
        expect(routeRes?.Properties.AuthorizerId).toBeUndefined();
      } else {
        expect(routeRes?.Properties.AuthorizationType, route.name).toBe('JWT');
        expect(routeRes?.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
      }
    }
  });

  it('runs every route Lambda on Node 22 ARM64 (x86_64 where ROUTE_RUNTIMES says) with tracing and the registry timeout and memory', () => {
    for (const route of routes) {
      const id = logicalIdOf(api, 'AWS::Lambda::Function', `${pascalCase(route.name)}Function`);
      const props = resourcesOf(api)[id]?.Properties;
      expect(props).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: [ROUTE_RUNTIMES[route.name]?.architecture.name ?? 'arm64'],
        TracingConfig: { Mode: 'Active' },
        Timeout: route.timeoutS ?? 29,
        MemorySize: route.memoryMb ?? 512,
      });
      expect(functionEnv(api, `${pascalCase(route.name)}Function`)).toMatchObject({
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('gives every route Lambda a log group with a retention period', () => {
    const functions = api.findResources('AWS::Lambda::Function');
    for (const fn of Object.values(functions)) {
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref as string;
      expect(resourcesOf(api)[logGroupId]?.Properties?.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('throttles the default stage', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });
});

describe('route Lambdas get only what their access list names', () => {
  it('lets get_report read the table and the reports bucket but not write the table or queue', () => {
    const statements = functionStatements(api, 'GetReportFunction');
    const table = dataId(stacks.data.resources.companiesTable);
    const reports = dataId(stacks.data.resources.reportsBucket);

    expect(actionsOn(statements, table)).toContain('dynamodb:Query');
    expect(actionsOn(statements, reports)).toContain('s3:GetObject*');
    for (const write of TABLE_WRITES) expect(actionsOn(statements, table)).not.toContain(write);
    expect(actionsOn(statements, reports)).not.toContain('s3:PutObject');
    expect(statements.flatMap((s) => s.Action)).not.toContain('sqs:SendMessage');
  });

  it('lets industry_insights read a stored report, and set_client_industry no report at all', () => {
    const insights = functionStatements(api, 'IndustryInsightsFunction');
    const setIndustry = functionStatements(api, 'SetClientIndustryFunction');
    const reports = dataId(stacks.data.resources.reportsBucket);

    expect(actionsOn(insights, reports)).toContain('s3:GetObject*');
    expect(actionsOn(insights, reports)).not.toContain('s3:PutObject');
    expect(functionEnv(api, 'IndustryInsightsFunction')).toHaveProperty('REPORTS_BUCKET');
    expect(actionsOn(setIndustry, reports)).toEqual([]);
  });

  it('lets print_report read the companies table (clients, plans, industries) and the reports bucket', () => {
    const statements = functionStatements(api, 'PrintReportFunction');

    expect(actionsOn(statements, dataId(stacks.data.resources.companiesTable))).toContain(
      'dynamodb:Query',
    );
    expect(actionsOn(statements, dataId(stacks.data.resources.reportsBucket))).toContain(
      's3:GetObject*',
    );
  });

  it('lets client_merge write the lake and the reports bucket, and fetch_company_breakdowns only read reports', () => {
    const merge = functionStatements(api, 'ClientMergeFunction');
    const breakdowns = functionStatements(api, 'FetchCompanyBreakdownsFunction');
    const lake = dataId(stacks.data.resources.lakeBucket);
    const reports = dataId(stacks.data.resources.reportsBucket);

    expect(actionsOn(merge, lake)).toContain('s3:PutObject');
    expect(actionsOn(merge, reports)).toContain('s3:PutObject');
    expect(functionEnv(api, 'ClientMergeFunction')).toHaveProperty('LAKE_BUCKET');
    expect(actionsOn(breakdowns, reports)).toContain('s3:GetObject*');
    expect(actionsOn(breakdowns, reports)).not.toContain('s3:PutObject');
    expect(actionsOn(breakdowns, lake)).toEqual([]);
  });

  it('keeps queue_monitor away from the reports bucket and every bucket write', () => {
    const statements = functionStatements(api, 'QueueMonitorFunction');

    expect(actionsOn(statements, dataId(stacks.data.resources.reportsBucket))).toEqual([]);
    expect(statements.flatMap((s) => s.Action).filter((a) => a.startsWith('s3:'))).toEqual([]);
  });

  it('lets perform_report send to the report queue and write the table', () => {
    const statements = functionStatements(api, 'PerformReportFunction');

    expect(actionsOn(statements, dataId(stacks.data.resources.reportQueue))).toContain(
      'sqs:SendMessage',
    );
    expect(actionsOn(statements, dataId(stacks.data.resources.companiesTable))).toContain(
      'dynamodb:PutItem',
    );
    expect(functionEnv(api, 'PerformReportFunction')).toHaveProperty('REPORT_QUEUE_URL');
  });

  it('lets create_upload only put objects under uploads/ of the uploads bucket', () => {
    const statements = functionStatements(api, 'CreateUploadFunction');
    const uploads = dataId(stacks.data.resources.uploadsBucket);
    const uploadStatements = statements.filter((s) => JSON.stringify(s.Resource).includes(uploads));

    expect(uploadStatements.flatMap((s) => s.Action)).not.toContain('s3:GetObject*');
    expect(uploadStatements.flatMap((s) => s.Action)).toContain('s3:PutObject');
    expect(JSON.stringify(uploadStatements.flatMap((s) => s.Resource))).toContain('/uploads/*');
    expect(functionEnv(api, 'CreateUploadFunction')).toHaveProperty('UPLOADS_BUCKET');
  });

  it('lets register create Cognito users and send mail, and get_session only read a user', () => {
    const register = functionStatements(api, 'RegisterFunction').flatMap((s) => s.Action);
    const session = functionStatements(api, 'GetSessionFunction').flatMap((s) => s.Action);

    expect(register).toEqual(
      expect.arrayContaining(['cognito-idp:AdminCreateUser', 'ses:SendEmail']),
    );
    expect(session.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('ses:'))).toEqual([
      'cognito-idp:AdminGetUser',
    ]);
    expect(functionEnv(api, 'RegisterFunction')).toHaveProperty('SESSIONS_TABLE');
    expect(functionEnv(api, 'GetSessionFunction')).not.toHaveProperty('SESSIONS_TABLE');
  });

  it('gives only comms, do_not_sell, request_help and send_summary_email the MessagesTable, with SES sending and no Cognito', () => {
    const messages = dataId(stacks.data.resources.messagesTable);
    const holders = routes
      .map((r) => `${pascalCase(r.name)}Function`)
      .filter((fn) => actionsOn(functionStatements(api, fn), messages).length > 0);

    expect(holders.sort()).toEqual([
      'CommsFunction',
      'DoNotSellFunction',
      'RequestHelpFunction',
      'SendSummaryEmailFunction',
    ]);
    for (const fn of holders) {
      const actions = functionStatements(api, fn).flatMap((s) => s.Action);
      expect(actions).toContain('ses:SendEmail');
      // A signed-in route reads its caller's user (authenticator check); nothing more.
      expect(
        actions.filter((a) => a.startsWith('cognito-idp:') && a !== 'cognito-idp:AdminGetUser'),
      ).toEqual([]);
      expect(functionEnv(api, fn)).toHaveProperty('MESSAGES_TABLE');
      // The summary e-mail reads the free-report usage (what the caller may see of the report).
      if (fn !== 'SendSummaryEmailFunction')
        expect(functionEnv(api, fn)).not.toHaveProperty('SESSIONS_TABLE');
    }
  });

  it('gives only the cls routes the CallRecordsTable and only cls_activity the CRM queue', () => {
    const calls = dataId(stacks.data.resources.callRecordsTable);
    const crm = dataId(stacks.data.resources.crmQueue);
    const holders = (resource: string) =>
      routes
        .map((r) => `${pascalCase(r.name)}Function`)
        .filter((fn) => actionsOn(functionStatements(api, fn), resource).length > 0)
        .sort();

    expect(holders(calls)).toEqual([
      'ClsActivityFunction',
      'ClsFollowupsFunction',
      'ClsGetRecordFunction',
      'ClsSearchFunction',
    ]);
    expect(holders(crm)).toEqual(['ClsActivityFunction']);
  });

  it.each(['ClsSearchFunction', 'ClsGetRecordFunction', 'ClsFollowupsFunction'])(
    'lets %s only read the CallRecordsTable',
    (fn) => {
      const statements = functionStatements(api, fn);
      const calls = dataId(stacks.data.resources.callRecordsTable);

      expect(actionsOn(statements, calls)).toContain('dynamodb:Query');
      for (const write of TABLE_WRITES) expect(actionsOn(statements, calls)).not.toContain(write);
      expect(
        statements.flatMap((s) => s.Action).filter((a) => !/^(dynamodb|xray):/.test(a)),
      ).toEqual(['cognito-idp:AdminGetUser']);
      expect(functionEnv(api, fn)).toHaveProperty('CALL_RECORDS_TABLE');
      expect(functionEnv(api, fn)).not.toHaveProperty('CRM_QUEUE_URL');
      expect(functionEnv(api, fn)).not.toHaveProperty('COMPANIES_TABLE');
    },
  );

  it('lets cls_activity write call records, send to the CRM queue and mail, and nothing else', () => {
    const statements = functionStatements(api, 'ClsActivityFunction');
    const { callRecordsTable, crmQueue, companiesTable, sessionsTable, messagesTable } =
      stacks.data.resources;

    expect(actionsOn(statements, dataId(callRecordsTable))).toContain('dynamodb:PutItem');
    expect(actionsOn(statements, dataId(crmQueue))).toContain('sqs:SendMessage');
    for (const other of [companiesTable, sessionsTable, messagesTable])
      expect(actionsOn(statements, dataId(other))).toEqual([]);
    const actions = statements.flatMap((s) => s.Action);
    expect(actions).toContain('ses:SendEmail');
    expect(actions.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('s3:'))).toEqual([
      'cognito-idp:AdminGetUser',
    ]);
    expect(functionEnv(api, 'ClsActivityFunction')).toMatchObject({
      CALL_RECORDS_TABLE: expect.anything(),
      CRM_QUEUE_URL: expect.anything(),
      MAIL_FROM: expect.anything(),
    });
  });

  it('lets every agent and staff route read a user of the pool (AdminGetUser), to see whether the caller has an authenticator app', () => {
    const pool = dataId(stacks.data.resources.userPool);
    const roleRoutes = routes.filter((r) => r.auth === 'agent' || r.auth === 'staff');

    expect(roleRoutes.map((r) => r.name)).toEqual(
      expect.arrayContaining(['cls_search', 'cls_activity', 'approve_invoice_customer']),
    );
    for (const route of roleRoutes) {
      const statements = functionStatements(api, `${pascalCase(route.name)}Function`);
      expect(route.access, route.name).toContain('identity:read');
      expect(actionsOn(statements, pool), route.name).toEqual(['cognito-idp:AdminGetUser']);
    }
  });

  it('lets mfa_setup sign a user out everywhere on the pool, and make no other admin call', () => {
    const statements = functionStatements(api, 'MfaSetupFunction');
    const pool = dataId(stacks.data.resources.userPool);

    expect(actionsOn(statements, pool)).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    expect(statements.flatMap((s) => s.Action).filter((a) => a.startsWith('cognito-idp:'))).toEqual(
      ['cognito-idp:AdminUserGlobalSignOut'],
    );
  });

  it('sends contact and do-not-sell mail to the team inbox named by context teamMailTo', () => {
    const named = flattenedTemplate(buildStage({ teamMailTo: 'team@example.com' }).api);

    expect(functionEnv(named, 'CommsFunction')).toHaveProperty('TEAM_MAIL_TO', 'team@example.com');
    expect(functionEnv(named, 'DoNotSellFunction')).toHaveProperty(
      'TEAM_MAIL_TO',
      'team@example.com',
    );
    expect(functionEnv(named, 'RegisterFunction')).not.toHaveProperty('TEAM_MAIL_TO');
    // Without it the routes fall back to the sender address.
    expect(functionEnv(api, 'CommsFunction')).not.toHaveProperty('TEAM_MAIL_TO');
  });

  it('gives every route the public pool ids, so auth_config can answer the browser', () => {
    expect(functionEnv(api, 'AuthConfigFunction')).toEqual(
      expect.objectContaining({
        USER_POOL_ID: expect.anything(),
        USER_POOL_CLIENT_ID: expect.anything(),
      }),
    );
  });

  it('gives the public routes function nothing beyond X-Ray tracing', () => {
    const actions = functionStatements(api, 'RoutesFunction').flatMap((s) => s.Action);

    expect(actions.every((a) => a.startsWith('xray:'))).toBe(true);
  });

  it('lets confirm_import query the lake through Athena only in its workgroup', () => {
    const statements = functionStatements(api, 'ConfirmImportFunction');
    const athena = statements.filter((s) => s.Action.some((a) => a.startsWith('athena:')));

    expect(athena.flatMap((s) => s.Action).sort()).toEqual([
      'athena:GetQueryExecution',
      'athena:GetQueryResults',
      'athena:StartQueryExecution',
    ]);
    expect(JSON.stringify(athena[0]?.Resource)).toContain(
      `workgroup/${stacks.data.resources.lakeQuery.workGroupName}`,
    );
    expect(functionEnv(api, 'ConfirmImportFunction')).toMatchObject({ QUERY_ENGINE: 'athena' });
  });

  it('grants upload reads and lake writes once the registry names them', () => {
    const app = testApp();
    const data = new DataStack(app, 'Data', { config: stageConfig(app) });
    const stack = new Stack(app, 'Routes');
    const fn = new ApiFunction(stack, 'ImportFunction', {
      entry: routes[0]?.handler ?? '',
      logRetention: RetentionDays.ONE_DAY,
    });

    applyRouteAccess(fn, ['uploads:read', 'uploads:write', 'lake:write'], data.resources);

    const template = Template.fromStack(stack);
    const statements = functionStatements(template, 'ImportFunction');
    const idIn = (r: unknown) =>
      data.resolve(
        data.getLogicalId((r as { node: { defaultChild: CfnElement } }).node.defaultChild),
      );
    expect(actionsOn(statements, idIn(data.resources.uploadsBucket))).toEqual(
      expect.arrayContaining(['s3:GetObject*', 's3:PutObject']),
    );
    expect(actionsOn(statements, idIn(data.resources.lakeBucket))).toContain('s3:PutObject');
    expect(statements.flatMap((s) => s.Action).some((a) => a.startsWith('athena:'))).toBe(false);
    expect(functionEnv(template, 'ImportFunction')).toHaveProperty('LAKE_BUCKET');
  });
});
