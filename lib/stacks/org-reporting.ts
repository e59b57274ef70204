import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { ENV, ORG_REPORTING_FAILURE_STEP, ORG_REPORTING_STEPS } from '#shared/workers';
import type { StageConfig } from '../config/stage-config';
import { ApiFunction } from '../constructs/api-function.construct';
import { OrgReportingStateMachine } from '../constructs/org-reporting-state-machine.construct';
import { ROUTE_RUNTIMES } from './api-routes.stack';
import type { DataResources } from './data.stack';

/**
 * The organisation roll-up in AWS (generate_org_reporting): the OrgReporting state machine in the
 * pipeline stack under a fixed name, so the API stack's route can be granted StartExecution on
 * its ARN without a reference across stacks (which would make the stacks depend on each other).
 */

/** The OrgReporting state machine's name in a stage. */
export const orgReportingMachineName = (stage: string) => `analyticowl-${stage}-org-reporting`;

/** The OrgReporting state machine's ARN in the scope's account and region. */
export function orgReportingMachineArn(scope: Construct, stage: string): string {
  return Stack.of(scope).formatArn({
    service: 'states',
    resource: 'stateMachine',
    resourceName: orgReportingMachineName(stage),
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}

/**
 * The state machine and its step Lambdas: every step reads and writes the job (CompaniesTable)
 * and the files under `generated/` (reports bucket); ClientReport also queries the lake through
 * Athena and prints with the print Lambda's browser (x86_64, @sparticuz/chromium,
 * PDF_RENDERER=lambda).
 */
export function orgReporting(
  scope: Construct,
  props: { config: StageConfig; data: DataResources },
): StateMachine {
  const { config, data } = props;
  const fns = new Map<string, ApiFunction>();
  for (const step of [...ORG_REPORTING_STEPS, ORG_REPORTING_FAILURE_STEP]) {
    const runtime = step.state === 'ClientReport' ? ROUTE_RUNTIMES.print_report : undefined;
    const fn = new ApiFunction(scope, `OrgReporting${step.state}Function`, {
      entry: step.handler,
      timeoutS: step.timeoutS,
      memoryMb: step.memoryMb,
      logRetention: config.logRetention,
      description: `Organisation roll-up: ${step.state}`,
      ...(runtime ?? {}),
    })
      .bindTable(data.companiesTable, 'readwrite')
      .bindBucket(data.reportsBucket, ENV.reportsBucket, 'readwrite');
    if (step.state === 'ClientReport') fn.bindAthena(data.lakeQuery);
    fns.set(step.state, fn);
  }
  const fn = (state: string) => {
    const found = fns.get(state);
    if (!found) throw new Error(`No function for roll-up step ${state}`);
    return found;
  };
  const machine = new OrgReportingStateMachine(scope, 'OrgReportingStateMachine', {
    listClients: fn('ListClients'),
    clientReport: fn('ClientReport'),
    zip: fn('Zip'),
    markFailed: fn(ORG_REPORTING_FAILURE_STEP.state),
    logRetention: config.logRetention,
    stateMachineName: orgReportingMachineName(config.stage),
  });
  return machine.stateMachine;
}

/**
 * Lets a route start roll-ups (access `orgReporting:start`): StartExecution on the stage's
 * OrgReporting machine, its ARN in ORG_REPORTING_STATE_MACHINE_ARN.
 */
export function bindOrgReportingStart(fn: ApiFunction, stage: string): void {
  const arn = orgReportingMachineArn(fn, stage);
  fn.addToRolePolicy(
    new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [arn] }),
  );
  fn.addEnvironment(ENV.orgReportingStateMachineArn, arn);
}
