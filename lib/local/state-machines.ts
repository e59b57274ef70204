/**
 * The product's state machines on the local stack: the CDK-synthesized report, organisation
 * roll-up and Generate machines, run by aws-local-stepfunctions (sfn-runner.ts) behind a local
 * Step Functions API (sfn-server.ts). Started by startLocalStack (local-stack.ts).
 */

import {
  GENERATE_FAILURE_STEP,
  GENERATE_STEPS,
  REPORT_FAILURE_STEP,
  REPORT_STEPS,
} from '#shared/workers';
import { generateStateMachineAsl } from '../constructs/family-asl';
import { orgReportingAsl } from '../org-reporting-asl';
import { reportStateMachineAsl } from '../report-asl';
import { LocalStepFunctions } from './sfn-runner';
import { type LocalSfnServer, startSfnServer } from './sfn-server';

/** The local report state machine's ARN. */
export const LOCAL_REPORT_STATE_MACHINE_ARN =
  'arn:aws:states:us-east-1:000000000000:stateMachine:analyticowl-report';

/** The local organisation roll-up state machine's ARN (generate_org_reporting). */
export const LOCAL_ORG_REPORTING_STATE_MACHINE_ARN =
  'arn:aws:states:us-east-1:000000000000:stateMachine:analyticowl-org-reporting';

/** The local Generate state machine's ARN (generated report families). */
export const LOCAL_GENERATE_STATE_MACHINE_ARN =
  'arn:aws:states:us-east-1:000000000000:stateMachine:analyticowl-generate';

/** The OrgReporting machine as the local Step Functions runs it. */
function orgReportingMachine() {
  const asl = orgReportingAsl();
  return {
    arn: LOCAL_ORG_REPORTING_STATE_MACHINE_ARN,
    definition: asl.definition as never,
    taskHandlers: asl.taskHandlers,
  };
}

/**
 * Starts the three machines and the Step Functions API in front of them on `port` (0 or
 * undefined = any free port). Each task state runs the worker handler AWS runs (workers.ts).
 * @returns the runner (to ask whether a report run is live) and the API server; stop both.
 */
export async function startLocalStateMachines(opts: {
  port?: number;
  log: (line: string) => void;
}): Promise<{ sfn: LocalStepFunctions; server: LocalSfnServer }> {
  const sfn = new LocalStepFunctions(
    [
      {
        arn: LOCAL_REPORT_STATE_MACHINE_ARN,
        definition: reportStateMachineAsl().definition as never,
        taskHandlers: Object.fromEntries(
          [...REPORT_STEPS, REPORT_FAILURE_STEP].map((s) => [s.state, s.handler]),
        ),
      },
      orgReportingMachine(),
      {
        arn: LOCAL_GENERATE_STATE_MACHINE_ARN,
        definition: generateStateMachineAsl() as never,
        taskHandlers: Object.fromEntries(
          [...GENERATE_STEPS, GENERATE_FAILURE_STEP].map((s) => [s.state, s.handler]),
        ),
      },
    ],
    { log: opts.log },
  );
  const server = await startSfnServer({ sfn, port: opts.port, log: opts.log });
  return { sfn, server };
}
