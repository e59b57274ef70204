import {
  ExecutionError,
  type RunOptions,
  StateMachine,
  type StateMachineDefinition,
} from 'aws-local-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FAILURE_STEP, REPORT_STEPS } from '#shared/workers';
import { installPolyfills } from '../../lib/local/polyfills';
import { localTaskArn, reportStateMachineAsl } from '../../lib/report-asl';

type Json = Record<string, unknown>;
type Handler = (input: Json) => Promise<Json>;
type LocalHandlers = NonNullable<NonNullable<RunOptions['overrides']>['taskResourceLocalHandlers']>;

let asl: ReturnType<typeof reportStateMachineAsl>;

beforeAll(() => {
  installPolyfills(); // aws-local-stepfunctions 3 needs Promise.withResolvers (Node 22).
  asl = reportStateMachineAsl();
});

/** Runs the ASL locally with each Task replaced by a handler keyed by state name. */
function run(handlers: Record<string, Handler>, input: Json) {
  const machine = new StateMachine(asl.definition as unknown as StateMachineDefinition);
  const retryIntervalOverrides = Object.fromEntries(asl.stateNames.map((name) => [name, 0]));
  return machine.run(input as Parameters<StateMachine['run']>[0], {
    overrides: {
      taskResourceLocalHandlers: handlers as unknown as LocalHandlers,
      retryIntervalOverrides,
    },
  }).result;
}

/** Handlers for every step (each appends its state name to `payload.steps`), with overrides. */
function handlersWith(overrides: Array<[string, Handler]> = []): Record<string, Handler> {
  return Object.fromEntries([...REPORT_STEPS.map((s) => [s.state, step(s.state)]), ...overrides]);
}

/** A step handler that appends its state name to `payload.steps`. */
const step =
  (state: string): Handler =>
  async (input) => ({ ...input, steps: [...((input.steps as string[]) ?? []), state] });

describe('reportStateMachineAsl', () => {
  it('names the Tasks after REPORT_STEPS plus MarkFailed, pointing at local placeholder ARNs', () => {
    const states = asl.definition.States as Record<string, { Type: string; Resource?: string }>;
    const tasks = Object.entries(states).filter(([, s]) => s.Type === 'Task');

    expect(tasks.map(([name]) => name)).toEqual([
      ...REPORT_STEPS.map((s) => s.state),
      REPORT_FAILURE_STEP.state,
    ]);
    expect(states.Extract?.Resource).toBe('arn:aws:lambda:local:000000000000:function:Extract');
    expect(asl.stateNames).toEqual(Object.keys(states));
    expect(JSON.stringify(asl.definition)).not.toMatch(/Fn::|JSONata/);
  });

  it('runs every step in order and returns the last step output', async () => {
    const handlers = handlersWith();

    const result = await run(handlers, { jobId: 'job-1' });

    expect(result).toEqual({
      jobId: 'job-1',
      steps: ['Extract', 'Attribute', 'Aggregate', 'Store'],
    });
  });

  it('retries a transient Lambda error and carries on', async () => {
    let attempts = 0;
    const flakyAttribute: Handler = async (input) => {
      attempts += 1;
      if (attempts === 1) {
        const error = new Error('rate exceeded');
        error.name = 'Lambda.TooManyRequestsException';
        throw error;
      }
      return step('Attribute')(input);
    };
    const handlers = handlersWith([['Attribute', flakyAttribute]]);

    const result = (await run(handlers, { jobId: 'job-2' })) as Json;

    expect(attempts).toBe(2);
    expect(result.steps).toEqual(['Extract', 'Attribute', 'Aggregate', 'Store']);
  });

  it('hands a failing step to MarkFailed with the original input and the error, then fails', async () => {
    const marked: Json[] = [];
    const failingAggregate: Handler = async () => {
      throw new Error('no visits for this range');
    };
    const markFailed: Handler = async (input) => {
      marked.push(input);
      return input;
    };
    const handlers = handlersWith([
      ['Aggregate', failingAggregate],
      ['MarkFailed', markFailed],
    ]);

    await expect(run(handlers, { jobId: 'job-3' })).rejects.toBeInstanceOf(ExecutionError);

    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatchObject({
      jobId: 'job-3',
      steps: ['Extract', 'Attribute'],
      error: { Error: 'Error', Cause: expect.stringContaining('no visits for this range') },
    });
  });

  it('formats placeholder ARNs from the state name', () => {
    expect(localTaskArn('Store')).toBe('arn:aws:lambda:local:000000000000:function:Store');
  });
});
