import { describe, expect, test } from 'vitest';
import type { ReportStepPayload } from '../../../../lambdas/reports/core/ports';
import { startQueuedReports } from '../../../../lambdas/reports/core/start-reports';
import { memoryPorts } from '../fakes';

const payload: ReportStepPayload = {
  report_id: 'rep-1',
  client_uid: 'client-a',
  session_uid: 'sess-1',
  report_type: 'pro_insights',
  params: {
    date_start: '2024-03-04',
    date_end: '2024-03-10',
    window: 8,
    attribution_method: 'sessions',
  },
  work_prefix: 'work/rep-1/',
};

describe('startQueuedReports', () => {
  test('a retried message starts one execution', async () => {
    const { executions } = memoryPorts();
    const message = { messageId: 'm1', body: JSON.stringify(payload) };

    const first = await startQueuedReports({ executions }, [message]);
    const retry = await startQueuedReports({ executions }, [message]);

    expect([...executions.started.keys()]).toEqual(['rep-1']);
    expect(executions.started.get('rep-1')).toEqual(payload);
    expect(first.batchItemFailures).toEqual([]);
    expect(retry.batchItemFailures).toEqual([]);
  });

  test('returns only the messages whose start failed, so SQS retries those', async () => {
    const executions = {
      start: async (p: ReportStepPayload) => {
        if (p.report_id === 'rep-2') throw new Error('throttled');
        return 'started' as const;
      },
    };
    const messages = [
      { messageId: 'm1', body: JSON.stringify(payload) },
      {
        messageId: 'm2',
        body: JSON.stringify({ ...payload, report_id: 'rep-2', work_prefix: 'work/rep-2/' }),
      },
    ];

    const out = await startQueuedReports({ executions }, messages);

    expect(out.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }]);
  });

  test('drops a malformed message without starting anything', async () => {
    const { executions } = memoryPorts();
    const problems: string[] = [];

    const out = await startQueuedReports(
      { executions, report: (problem, id) => problems.push(`${problem} ${id}`) },
      [
        { messageId: 'bad-json', body: '{' },
        { messageId: 'bad-id', body: JSON.stringify({ ...payload, client_uid: '../etc' }) },
      ],
    );

    expect(out.batchItemFailures).toEqual([]);
    expect(executions.started.size).toBe(0);
    expect(problems).toEqual(['malformed bad-json', 'malformed bad-id']);
  });
});
