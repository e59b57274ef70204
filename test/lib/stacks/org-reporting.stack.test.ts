import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#shared/workers';
import type { AppStacks } from '../../../lib/stacks/app-stacks';
import {
  buildStage,
  flattenedTemplate,
  functionEnv,
  functionStatements,
  resourcesOf,
} from '../cdk-fixture';

let stacks: AppStacks;
let pipeline: Template;
let api: Template;

beforeAll(() => {
  stacks = buildStage();
  pipeline = Template.fromStack(stacks.pipeline);
  api = flattenedTemplate(stacks.api);
});

/** The OrgReporting machine's resource and its definition text (intrinsics left as JSON). */
function orgMachine() {
  const found = Object.values(resourcesOf(pipeline)).find(
    (r) =>
      r.Type === 'AWS::StepFunctions::StateMachine' &&
      String(r.Properties?.StateMachineName ?? '').endsWith('-org-reporting'),
  );
  if (!found) throw new Error('no OrgReporting state machine');
  return {
    props: found.Properties ?? {},
    text: JSON.stringify(found.Properties?.DefinitionString),
  };
}

describe('the organisation roll-up', () => {
  it('is a state machine named per stage: ListClients, a Map of at most 4 ClientReports, Zip', () => {
    const { props, text } = orgMachine();

    expect(props.StateMachineName).toBe('analyticowl-dev-org-reporting');
    expect(text).toContain('\\"StartAt\\":\\"ListClients\\"');
    expect(text).toContain('\\"Type\\":\\"Map\\"');
    expect(text).toContain('\\"MaxConcurrency\\":4');
    expect(text).toContain('\\"Zip\\"');
  });

  it('lets generate_org_reporting start that machine and nothing else of Step Functions', () => {
    const statements = functionStatements(api, 'GenerateOrgReportingFunction');
    const sfn = statements.filter((s) => s.Action.some((a) => a.startsWith('states:')));

    expect(sfn.flatMap((s) => s.Action)).toEqual(['states:StartExecution']);
    expect(JSON.stringify(sfn[0]?.Resource)).toContain(
      'stateMachine:analyticowl-dev-org-reporting',
    );
    expect(
      JSON.stringify(
        functionEnv(api, 'GenerateOrgReportingFunction')[ENV.orgReportingStateMachineArn],
      ),
    ).toContain('analyticowl-dev-org-reporting');
  });
});
