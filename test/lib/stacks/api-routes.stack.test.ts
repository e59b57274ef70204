import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '#shared/routes';
import { stageConfig } from '../../../lib/config/stage-config';
import { ApiStack } from '../../../lib/stacks/api.stack';
import { pascalCase, routeContext } from '../../../lib/stacks/api-routes.stack';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import { DataStack } from '../../../lib/stacks/data.stack';
import {
  buildStage,
  constructId,
  flattenedTemplate,
  logicalIdOf,
  resourcesOf,
  testApp,
} from '../cdk-fixture';

// The API has one HttpApi (with its stage, authorizer and API alarms) in the Api stack, and the
// routes of each bounded context in a nested stack of their own, so the registry can grow to
// hundreds of routes without any stack reaching CloudFormation's 500 resources.

const routes = ROUTES as readonly RouteDef[];
let stacks: AppStacks;
let parent: Template;
let flat: Template;
let httpApiId: string;

beforeAll(() => {
  stacks = buildStage();
  parent = Template.fromStack(stacks.api);
  flat = flattenedTemplate(stacks.api);
  httpApiId = constructId(stacks.api.httpApi, stacks.api);
});

/** Resource types of a template, counted. */
const typeCounts = (template: Template) =>
  Object.values(resourcesOf(template)).reduce<Record<string, number>>((counts, r) => {
    counts[r.Type] = (counts[r.Type] ?? 0) + 1;
    return counts;
  }, {});

describe('the Api stack', () => {
  it('holds the HTTP API, its stage, its authorizer and one nested stack per context, and no route or Lambda', () => {
    const contexts = new Set(routes.map(routeContext));
    const counts = typeCounts(parent);

    expect(counts).toMatchObject({
      'AWS::ApiGatewayV2::Api': 1,
      'AWS::ApiGatewayV2::Stage': 1,
      'AWS::ApiGatewayV2::Authorizer': 1,
      'AWS::CloudFormation::Stack': contexts.size,
    });
    expect(counts['AWS::ApiGatewayV2::Route']).toBeUndefined();
    expect(counts['AWS::Lambda::Function']).toBeUndefined();
    expect([...stacks.api.routeStacks.keys()].sort()).toEqual([...contexts].sort());
  });

  it('stays the same size when the registry doubles: new routes land in their context’s stack', () => {
    const app = testApp();
    const config = stageConfig(app);
    const data = new DataStack(app, 'Data', { config }).resources;
    const doubled = routes.flatMap((r) => [
      r,
      { ...r, name: `${r.name}_copy`, path: `${r.path}_copy` },
    ]);
    const twice = new ApiStack(app, 'ApiTwice', { config, data, routes: doubled });
    const once = new ApiStack(app, 'ApiOnce', { config, data, routes });

    const size = (stack: Stack) => Object.keys(resourcesOf(Template.fromStack(stack))).length;
    expect(size(twice)).toBe(size(once));
    for (const [context, stack] of twice.routeStacks) {
      expect(stack.functions.size, context).toBe(
        2 * (once.routeStacks.get(context)?.functions.size ?? 0),
      );
    }
  });
});

describe('each route stack', () => {
  it('holds its context’s routes, each with its own function, integration and invoke permission', () => {
    for (const route of routes) {
      const stack = stacks.api.routeStacks.get(routeContext(route));
      expect(stack, route.name).toBeDefined();
      const template = Template.fromStack(stack as Stack);
      const fnId = logicalIdOf(
        template,
        'AWS::Lambda::Function',
        `${pascalCase(route.name)}Function`,
      );
      const [routeRes] = Object.values(
        template.findResources('AWS::ApiGatewayV2::Route', {
          Properties: { RouteKey: `${route.method} ${route.path}` },
        }),
      );
      const integrationId = /integrations\/"?,?\{"Ref":"([^"]+)"/.exec(
        JSON.stringify(routeRes?.Properties.Target),
      )?.[1];

      expect(routeRes, route.name).toBeDefined();
      expect(
        JSON.stringify(resourcesOf(template)[integrationId ?? '']?.Properties),
        route.name,
      ).toContain(fnId);
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
        Principal: 'apigateway.amazonaws.com',
      });
    }
  });

  it('adds its routes and integrations to the Api stack’s HttpApi, and lets only that API invoke', () => {
    const apiRef = { Ref: httpApiId };
    const routeResources = Object.values(flat.findResources('AWS::ApiGatewayV2::Route'));
    const integrations = Object.values(flat.findResources('AWS::ApiGatewayV2::Integration'));
    const permissions = Object.values(flat.findResources('AWS::Lambda::Permission'));

    expect(routeResources).toHaveLength(routes.length);
    for (const r of [...routeResources, ...integrations])
      expect(r.Properties.ApiId).toEqual(apiRef);
    expect(permissions).toHaveLength(routes.length);
    for (const p of permissions)
      expect(JSON.stringify(p.Properties.SourceArn)).toContain(httpApiId);
  });

  it('names its alarms after the Api stack and its context, as plain names the dashboard can show', () => {
    for (const [context, stack] of stacks.api.routeStacks) {
      const names = Object.values(
        Template.fromStack(stack).findResources('AWS::CloudWatch::Alarm'),
      ).map((a) => a.Properties.AlarmName);

      expect(names.length, context).toBeGreaterThanOrEqual(2);
      for (const name of names) {
        expect(name).toMatch(new RegExp(`^${stacks.api.stackName}-${stack.node.id}-Api`));
      }
      expect(stacks.api.alarmNames).toEqual(expect.arrayContaining(names));
    }
  });
});
