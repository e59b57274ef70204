import type { Template } from 'aws-cdk-lib/assertions';
import { Template as Templates } from 'aws-cdk-lib/assertions';
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
  resourcesOf,
} from '../cdk-fixture';

let stacks: AppStacks;
let api: Template;
let data: Template;
let media: string;

beforeAll(() => {
  stacks = buildStage();
  api = flattenedTemplate(stacks.api);
  data = Templates.fromStack(stacks.data);
  media = constructId(stacks.data.resources.mediaBucket, stacks.data);
});

describe("the creatives' media bucket", () => {
  it('takes presigned PUTs and serves GETs to the app origins, expires only unconfirmed uploads', () => {
    const props = resourcesOf(data)[media]?.Properties as {
      LifecycleConfiguration: { Rules: { ExpirationInDays?: number; Prefix?: string }[] };
    };

    expect(props).toMatchObject({
      CorsConfiguration: {
        CorsRules: [
          {
            AllowedMethods: ['PUT', 'GET', 'HEAD'],
            AllowedOrigins: ['https://*.cloudfront.net'],
          },
        ],
      },
    });
    const expiring = props.LifecycleConfiguration.Rules.filter(
      (r) => r.ExpirationInDays !== undefined,
    );
    expect(expiring).toEqual([
      expect.objectContaining({ Prefix: 'pending/', ExpirationInDays: 1 }),
    ]);
  });

  it('is reached only by update_creatives (read, put, delete) and play_creative (read)', () => {
    const holders = (ROUTES as readonly RouteDef[])
      .map((r) => `${pascalCase(r.name)}Function`)
      .filter((fn) => actionsOn(functionStatements(api, fn), media).length > 0)
      .sort();
    const play = actionsOn(functionStatements(api, 'PlayCreativeFunction'), media);
    const update = actionsOn(functionStatements(api, 'UpdateCreativesFunction'), media);

    expect(holders).toEqual(['PlayCreativeFunction', 'UpdateCreativesFunction']);
    expect(play.filter((a) => /Put|Delete/.test(a))).toEqual([]);
    expect(play).toContain('s3:GetObject*');
    expect(update).toEqual(expect.arrayContaining(['s3:PutObject', 's3:DeleteObject*']));
    expect(functionEnv(api, 'PlayCreativeFunction')).toHaveProperty('MEDIA_BUCKET');
    expect(functionEnv(api, 'ClientCreativesFunction')).not.toHaveProperty('MEDIA_BUCKET');
  });
});
