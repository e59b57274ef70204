import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { shippedReferenceVersion } from '#shared/reference/shipped';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import {
  actionsOn,
  buildStage,
  constructId,
  flattenedTemplate,
  functionEnv,
  functionStatements,
} from '../cdk-fixture';

let stacks: AppStacks;
let pipeline: Template;
let api: Template;

beforeAll(() => {
  stacks = buildStage();
  pipeline = Template.fromStack(stacks.pipeline);
  api = flattenedTemplate(stacks.api);
});

const companiesId = () => constructId(stacks.data.resources.companiesTable, stacks.data);

describe('reference lists in a deployed stage', () => {
  it('a deploy loads the shipped lists, and loads them again whenever they change', () => {
    const seeds = Object.values(pipeline.findResources('Custom::ReferenceSeed'));

    expect(seeds).toHaveLength(1);
    expect(seeds[0]?.Properties.Version).toBe(shippedReferenceVersion());
    expect(seeds[0]?.Properties.ServiceToken).toBeDefined();
  });

  it('the seed Lambda may only put the reference lists into the companies table', () => {
    const statements = functionStatements(pipeline, 'ReferenceSeedReferenceSeedFunction');
    const policies = Object.values(pipeline.findResources('AWS::IAM::Policy'));
    const onCompanies = policies
      .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<Record<string, unknown>>)
      .filter((st) => JSON.stringify(st.Resource).includes(companiesId()) && st.Condition);

    expect(actionsOn(statements, companiesId())).toEqual(['dynamodb:PutItem']);
    expect(onCompanies).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:PutItem',
        Condition: {
          'ForAllValues:StringEquals': {
            'dynamodb:LeadingKeys': ['REF#industries', 'REF#regions', 'REF#dmas'],
          },
        },
      }),
    );
    expect(JSON.stringify(functionEnv(pipeline, 'ReferenceSeedReferenceSeedFunction'))).toContain(
      companiesId(),
    );
  });

  it('the import worker and confirm_import may read the DMA list from the companies table', () => {
    for (const [template, fn] of [
      [pipeline, 'ImportObjectCreatedFunction'],
      [api, 'ConfirmImportFunction'],
    ] as const) {
      expect(actionsOn(functionStatements(template, fn), companiesId()), fn).toContain(
        'dynamodb:GetItem',
      );
      expect(JSON.stringify(functionEnv(template, fn).COMPANIES_TABLE), fn).toContain(
        companiesId(),
      );
    }
  });
});
