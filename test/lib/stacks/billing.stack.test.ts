import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '#shared/routes';
import { BILLING_RECONCILE_WORKER } from '#shared/workers';
import { pascalCase } from '../../../lib/stacks/api-routes.stack';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import {
  buildStage,
  flattenedTemplate,
  functionEnv,
  functionStatements,
  logicalIdOf,
} from '../cdk-fixture';

// Billing: only the routes that talk to Stripe may read the Stripe secret; the
// webhook is public (Stripe signs it); the reconcile runs hourly.
const routes = ROUTES as readonly RouteDef[];
let stacks: AppStacks;
let api: Template;
let pipeline: Template;

beforeAll(() => {
  stacks = buildStage();
  api = flattenedTemplate(stacks.api);
  pipeline = Template.fromStack(stacks.pipeline);
});

const readsSecret = (template: Template, fn: string) =>
  functionStatements(template, fn).some(
    (s) =>
      s.Action.includes('secretsmanager:GetSecretValue') &&
      JSON.stringify(s.Resource).includes('analyticowl/dev/stripe'),
  );

describe('billing in the stacks', () => {
  it('reads each stage’s own Stripe secret (test keys never meet live ones)', () => {
    const prod = flattenedTemplate(buildStage({ stage: 'prod' }).api);

    expect(JSON.stringify(prod.toJSON())).toContain('analyticowl/prod/stripe');
    expect(JSON.stringify(prod.toJSON())).not.toContain('analyticowl/dev/stripe');
  });

  it('lets exactly the routes with billing:secrets read the Stripe secret, by its ARN', () => {
    const holders = routes
      .filter((r) => readsSecret(api, `${pascalCase(r.name)}Function`))
      .map((r) => r.name)
      .sort();

    expect(holders).toEqual(
      [
        'add_billing_profile',
        'approve_invoice_customer',
        'cancel_subscription',
        'create_setup_intent',
        'get_billing_profile',
        'order_product',
        'stripe_webhook',
      ].sort(),
    );
    for (const name of holders) {
      expect(functionEnv(api, `${pascalCase(name)}Function`)).toMatchObject({
        STRIPE_CARD_ENDPOINT: 'elements',
      });
      expect(functionEnv(api, `${pascalCase(name)}Function`)).toHaveProperty('STRIPE_SECRET_ARN');
    }
    expect(functionEnv(api, 'GetSessionFunction')).not.toHaveProperty('STRIPE_SECRET_ARN');
  });

  it('lets the routes that withhold sold report sections read the free-report usage', () => {
    for (const name of [
      'get_report',
      'fetch_drilldowns',
      'fetch_stream_drilldowns',
      'print_report',
    ]) {
      expect(functionEnv(api, `${pascalCase(name)}Function`), name).toHaveProperty(
        'SESSIONS_TABLE',
      );
      expect(functionEnv(api, `${pascalCase(name)}Function`), name).toHaveProperty(
        'COMPANIES_TABLE',
      );
    }
  });

  it('serves approve_invoice_customer behind the authorizer (the handler admits staff only)', () => {
    const [route] = Object.values(
      api.findResources('AWS::ApiGatewayV2::Route', {
        Properties: { RouteKey: 'POST /ss_rest/approve_invoice_customer' },
      }),
    );

    expect(route?.Properties.AuthorizationType).toBe('JWT');
  });

  it('serves the Stripe webhook without an authorizer and gives it the SessionsTable', () => {
    const [route] = Object.values(
      api.findResources('AWS::ApiGatewayV2::Route', {
        Properties: { RouteKey: 'POST /ss_rest/stripe_webhook' },
      }),
    );

    expect(route?.Properties.AuthorizationType).toBe('NONE');
    expect(functionEnv(api, 'StripeWebhookFunction')).toHaveProperty('SESSIONS_TABLE');
  });

  it('runs the billing reconcile every hour with the Stripe secret and the table', () => {
    const fnId = logicalIdOf(
      pipeline,
      'AWS::Lambda::Function',
      `${BILLING_RECONCILE_WORKER.id}Function`,
    );

    pipeline.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      Targets: [{ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } }],
    });
    expect(readsSecret(pipeline, `${BILLING_RECONCILE_WORKER.id}Function`)).toBe(true);
    expect(functionEnv(pipeline, `${BILLING_RECONCILE_WORKER.id}Function`)).toHaveProperty(
      'COMPANIES_TABLE',
    );
  });
});
