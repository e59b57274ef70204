import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '#shared/routes';
import { pascalCase } from '../../../lib/stacks/api-routes.stack';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import {
  actionsOn,
  buildStage,
  constructId,
  flattenedTemplate,
  functionEnv,
  functionStatements,
} from '../cdk-fixture';

// The connection routes: only those that seal or open Google grants get the token key and the
// Google secret; only the two that connect a property may queue a pull.
const routes = ROUTES as readonly RouteDef[];
const CONNECTION_ROUTES = [
  'connect_url',
  'garequest_cancel',
  'connection_start',
  'list_properties',
  'create_properties',
  'connect_property',
  'connection_remove',
  'get_connections',
];
let stacks: AppStacks;
let api: Template;
let dataId: (element: unknown) => string;

beforeAll(() => {
  stacks = buildStage({ googleClientId: 'cid.apps.googleusercontent.com' });
  api = flattenedTemplate(stacks.api);
  dataId = (resource) => constructId(resource, stacks.data);
});

const fn = (name: string) => `${pascalCase(name)}Function`;
const holders = (resource: string) =>
  routes
    .filter((r) => actionsOn(functionStatements(api, fn(r.name)), resource).length > 0)
    .map((r) => r.name)
    .sort();

describe('connection routes in the stacks', () => {
  it('registers every connection route in the connections context', () => {
    for (const name of CONNECTION_ROUTES)
      expect(routes.find((r) => r.name === name)?.handler).toBe(
        `lambdas/connections/handlers/${name.replaceAll('_', '-')}.handler.ts`,
      );
  });

  it('lets exactly the routes that seal or open grants use the token key', () => {
    const key = dataId(stacks.data.resources.googleTokenKey);

    expect(holders(key)).toEqual(
      [
        'connect_property',
        'connection_remove',
        'connection_start',
        'create_properties',
        'get_connections',
        'list_properties',
      ].sort(),
    );
    const actions = actionsOn(functionStatements(api, fn('create_properties')), key);
    expect(actions).toEqual(expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt']));
    expect(functionEnv(api, fn('list_properties'))).toHaveProperty('TOKEN_KMS_KEY_ID');
    expect(functionEnv(api, fn('list_properties'))).toHaveProperty('GOOGLE_SECRET_ARN');
    expect(functionEnv(api, fn('list_properties'))).toMatchObject({
      GOOGLE_OAUTH_CLIENT_ID: 'cid.apps.googleusercontent.com',
    });
  });

  it('keeps the token key and the Google secret away from connect_url and garequest_cancel', () => {
    for (const name of ['connect_url', 'garequest_cancel']) {
      const actions = functionStatements(api, fn(name)).flatMap((s) => s.Action);
      expect(
        actions.filter((a) => a.startsWith('kms:') || a.startsWith('secretsmanager:')),
      ).toEqual([]);
      expect(functionEnv(api, fn(name))).not.toHaveProperty('GOOGLE_SECRET_ARN');
    }
    expect(functionStatements(api, fn('connect_url')).flatMap((s) => s.Action)).toContain(
      'ses:SendEmail',
    );
  });

  it('lets only create_properties and connect_property queue a pull', () => {
    expect(holders(dataId(stacks.data.resources.gaPullQueue))).toEqual([
      'connect_property',
      'create_properties',
    ]);
    expect(functionEnv(api, fn('create_properties'))).toHaveProperty('GA_PULL_QUEUE_URL');
  });

  it('gives the public sign-in routes the SessionsTable and keeps it from the signed-in ones', () => {
    const sessions = dataId(stacks.data.resources.sessionsTable);
    const connectionHolders = holders(sessions).filter((n) => CONNECTION_ROUTES.includes(n));

    expect(connectionHolders).toEqual(['connection_start', 'create_properties', 'list_properties']);
  });
});
