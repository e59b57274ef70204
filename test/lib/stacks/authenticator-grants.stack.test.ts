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

// Every route that receives a signed-in caller asks the user pool whether a caller whose claims
// say staff or agent has an authenticator app (layers/shared/http/route-handler.ts), so it needs
// AdminGetUser on the pool; that is all the check may do there.

const routes = ROUTES as readonly RouteDef[];

let stacks: AppStacks;
let api: Template;
let pool: string;

beforeAll(() => {
  stacks = buildStage();
  api = flattenedTemplate(stacks.api);
  pool = constructId(stacks.data.resources.userPool, stacks.data);
});

/** The Cognito actions a route's function may call, on any resource. */
function cognitoActions(route: RouteDef): string[] {
  return functionStatements(api, `${pascalCase(route.name)}Function`)
    .flatMap((s) => s.Action)
    .filter((a) => a.startsWith('cognito-idp:'));
}

describe('authenticator check grants', () => {
  it('lets every route that can see a staff caller read a user of the pool (AdminGetUser) and nothing more', () => {
    const signedIn = routes.filter((r) => r.auth !== 'public');

    expect(signedIn.map((r) => r.name)).toEqual(
      expect.arrayContaining(['fetch_companies', 'get_report', 'create_upload', 'cls_search']),
    );
    for (const route of signedIn) {
      const statements = functionStatements(api, `${pascalCase(route.name)}Function`);
      expect(actionsOn(statements, pool), route.name).toEqual(['cognito-idp:AdminGetUser']);
      expect(cognitoActions(route), route.name).toEqual(['cognito-idp:AdminGetUser']);
      expect(functionEnv(api, `${pascalCase(route.name)}Function`), route.name).toHaveProperty(
        'USER_POOL_ID',
      );
    }
  });

  it('gives a public route (API Gateway passes it no claims) no Cognito call its access list does not name', () => {
    const plain = routes.filter(
      (r) => r.auth === 'public' && !r.access.some((a) => a.startsWith('identity:')),
    );

    expect(plain.map((r) => r.name)).toEqual(expect.arrayContaining(['routes', 'comms']));
    for (const route of plain) expect(cognitoActions(route), route.name).toEqual([]);
  });
});
