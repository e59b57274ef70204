import { randomUUID } from 'node:crypto';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { loadHandler } from './handler-loader';
import { lambdaContext } from './lambda-context';
import { installPolyfills } from './polyfills';

/** A state machine the local Step Functions knows: its ASL and the handler of each Task state. */
export interface LocalStateMachine {
  arn: string;
  /** ASL (JSONPath), as CDK synthesizes it; Lambda ARNs may be placeholders. */
  definition: StateMachineDefinition;
  /** Task state name -> repo-relative handler module. */
  taskHandlers: Readonly<Record<string, string>>;
}

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';

/** DescribeExecution's answer (dates as epoch seconds, the JSON protocol's timestamps). */
export interface ExecutionDescription {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: ExecutionStatus;
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
}

/** An SFN API error: `type` is the AWS error code (ExecutionAlreadyExists, ...). */
export class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

interface Execution extends ExecutionDescription {
  abort: () => void;
  done: Promise<void>;
}

/**
 * Step Functions in-process: runs executions with aws-local-stepfunctions@3.0.0 in the
 * background and keeps their history for DescribeExecution (memory only; a restart forgets it).
 * Task states call the same handler modules as the Lambdas in AWS (see `taskInvoker`).
 */
export class LocalStepFunctions {
  private readonly machines = new Map<string, { def: LocalStateMachine; machine: StateMachine }>();
  private readonly executions = new Map<string, Execution>();

  constructor(
    machines: readonly LocalStateMachine[],
    private readonly opts: { log: (line: string) => void; retryIntervalMs?: number },
  ) {
    installPolyfills();
    for (const def of machines) {
      const machine = new StateMachine(def.definition, {
        validationOptions: { checkArn: false, checkPaths: false },
      });
      this.machines.set(def.arn, { def, machine });
    }
  }

  /**
   * StartExecution: starts a run and returns at once. AWS semantics for names: the same name
   * and input as a RUNNING execution returns that execution; any other reuse of a name is
   * ExecutionAlreadyExists.
   * @throws SfnError StateMachineDoesNotExist | ExecutionAlreadyExists | InvalidExecutionInput
   */
  start(req: { stateMachineArn?: string; name?: string; input?: string }) {
    const entry = this.machines.get(req.stateMachineArn ?? '');
    if (!entry) {
      throw new SfnError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${req.stateMachineArn}'`,
      );
    }
    const name = req.name ?? randomUUID();
    const inputText = req.input ?? '{}';
    const executionArn = `${entry.def.arn.replace(':stateMachine:', ':execution:')}:${name}`;
    const existing = this.executions.get(executionArn);
    if (existing) {
      if (existing.status === 'RUNNING' && existing.input === inputText) {
        return { executionArn, startDate: existing.startDate };
      }
      throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    let input: unknown;
    try {
      input = JSON.parse(inputText);
    } catch {
      throw new SfnError('InvalidExecutionInput', 'Invalid execution input: not JSON.');
    }
    const startDate = Date.now() / 1000;
    const run = entry.machine.run(input as never, {
      overrides: this.overrides(entry.def),
      noThrowOnAbort: true,
      context: {
        // The interpreter fills StartTime and Input itself.
        Execution: { Id: executionArn, Name: name },
        StateMachine: { Id: entry.def.arn, Name: entry.def.arn.split(':').pop() },
      },
    });
    const execution: Execution = {
      executionArn,
      stateMachineArn: entry.def.arn,
      name,
      status: 'RUNNING',
      startDate,
      input: inputText,
      abort: run.abort,
      done: Promise.resolve(),
    };
    execution.done = run.result.then(
      (output) => {
        Object.assign(execution, {
          status: output === null ? 'ABORTED' : 'SUCCEEDED',
          stopDate: Date.now() / 1000,
          ...(output === null ? {} : { output: JSON.stringify(output) }),
        });
      },
      (error: Error) => {
        const cause = (error.cause as Error | undefined) ?? error;
        Object.assign(execution, {
          status: 'FAILED',
          stopDate: Date.now() / 1000,
          error: cause.name,
          cause: cause.message,
        });
        this.opts.log(`execution ${name} failed: ${cause.name}: ${cause.message.slice(0, 500)}`);
      },
    );
    this.executions.set(executionArn, execution);
    return { executionArn, startDate };
  }

  /** DescribeExecution. @throws SfnError ExecutionDoesNotExist */
  describe(executionArn: string): ExecutionDescription {
    const found = this.executions.get(executionArn);
    if (!found)
      throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
    const { abort: _a, done: _d, ...description } = found;
    return description;
  }

  /**
   * True when an execution named `name` of the machine runs in this process. Executions live in
   * memory: one of a stopped process is unknown here.
   */
  isRunning(stateMachineArn: string, name: string): boolean {
    const arn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    return this.executions.get(arn)?.status === 'RUNNING';
  }

  /** Resolves when no execution is running. */
  async idle(): Promise<void> {
    await Promise.all([...this.executions.values()].map((e) => e.done));
  }

  /** Aborts running executions and waits for them to settle. */
  async stop(): Promise<void> {
    for (const execution of this.executions.values()) {
      if (execution.status === 'RUNNING') execution.abort();
    }
    await this.idle();
  }

  private overrides(def: LocalStateMachine) {
    const tasks = taskStates(def.definition);
    const retryMs = this.opts.retryIntervalMs ?? 50;
    return {
      taskResourceLocalHandlers: Object.fromEntries(
        tasks.map(({ name, resource }) => [
          name,
          taskInvoker(name, resource, def.taskHandlers[name]),
        ]),
      ),
      retryIntervalOverrides: Object.fromEntries(tasks.map(({ name }) => [name, retryMs])),
    };
  }
}

type StatesMap = Record<string, { Type?: string; Resource?: string } & Record<string, unknown>>;

/** Every Task state of a definition, including those inside Parallel branches and Maps. */
export function taskStates(definition: { States?: unknown }): { name: string; resource: string }[] {
  const found: { name: string; resource: string }[] = [];
  for (const [name, state] of Object.entries((definition.States ?? {}) as StatesMap)) {
    if (state.Type === 'Task') found.push({ name, resource: String(state.Resource ?? '') });
    for (const branch of (state.Branches as { States?: unknown }[] | undefined) ?? []) {
      found.push(...taskStates(branch));
    }
    for (const key of ['Iterator', 'ItemProcessor'] as const) {
      const inner = state[key] as { States?: unknown } | undefined;
      if (inner) found.push(...taskStates(inner));
    }
  }
  return found;
}

/**
 * The local stand-in for a Task state's Lambda. With the `lambda:invoke` integration the state
 * receives its Parameters-applied input `{ FunctionName, Payload }` and must return Lambda's
 * response `{ Payload, StatusCode, ExecutedVersion }`; with a bare function ARN it passes the
 * input and result straight through. Errors are rethrown the way Step Functions reports Lambda
 * errors: Error = the error's name, Cause = `{"errorType","errorMessage","trace"}` as JSON.
 */
export function taskInvoker(stateName: string, resource: string, handlerPath: string | undefined) {
  const integration = resource.startsWith('arn:aws:states:::lambda:invoke');
  return async (input: unknown) => {
    try {
      if (!handlerPath) throw new Error(`No local handler for Task state ${stateName}`);
      const handler = await loadHandler(handlerPath);
      const payload = integration ? (input as { Payload?: unknown } | null)?.Payload : input;
      const result = await handler(payload ?? {}, lambdaContext(stateName, 300));
      return (
        integration
          ? { ExecutedVersion: '$LATEST', Payload: result ?? null, StatusCode: 200 }
          : (result ?? null)
      ) as never;
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      const lambdaError = new Error(
        JSON.stringify({
          errorType: err.name,
          errorMessage: err.message,
          trace: (err.stack ?? '').split('\n'),
        }),
      );
      lambdaError.name = err.name;
      throw lambdaError;
    }
  };
}
