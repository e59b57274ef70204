import { ExecutionAlreadyExists, type SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { Executions, ReportStepPayload } from '../core/ports';

/**
 * Executions on Step Functions (env REPORT_STATE_MACHINE_ARN). The execution is named after the
 * report, so a retried SQS message gets ExecutionAlreadyExists: already started, nothing twice.
 */
export class SfnExecutions implements Executions {
  constructor(
    private readonly sfn: SFNClient,
    private readonly stateMachineArn: string,
  ) {}

  async start(payload: ReportStepPayload): Promise<'started' | 'already-started'> {
    try {
      await this.sfn.send(
        new StartExecutionCommand({
          stateMachineArn: this.stateMachineArn,
          name: payload.report_id,
          input: JSON.stringify(payload),
        }),
      );
      return 'started';
    } catch (error) {
      if (error instanceof ExecutionAlreadyExists) return 'already-started';
      if ((error as { name?: string }).name === 'ExecutionAlreadyExists') return 'already-started';
      throw error;
    }
  }
}
