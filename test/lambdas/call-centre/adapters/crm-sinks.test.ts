import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { afterEach, describe, expect, test } from 'vitest';
import { OutboxCrmSink } from '../../../../lambdas/call-centre/adapters/outbox-crm-sink';
import { SqsCrmSink } from '../../../../lambdas/call-centre/adapters/sqs-crm-sink';
import { buildHandoff } from '../../../../lambdas/call-centre/core/crm-handoff';
import { callRecord } from '../call-world';

const handoff = buildHandoff(callRecord(), {
  activity_id: 'end-0001',
  activity: 'end_call',
  agent_sub: 'agent-1',
  agent_email: 'agent@analyticowl.test',
  at: '2024-06-05T15:00:00.000Z',
});
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('OutboxCrmSink', () => {
  test('writes one JSON file per hand-off, and a repeat overwrites it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crm-'));
    dirs.push(dir);
    const sink = new OutboxCrmSink(join(dir, 'crm'));

    await sink.send(handoff);
    await sink.send({ ...handoff, ended_at: '2024-06-05T15:00:09.000Z', notes: 'retried' });
    await sink.send({ ...handoff, handoff_id: 'end-0002' });

    const files = readdirSync(join(dir, 'crm')).sort();
    expect(files).toEqual([
      '2024-06-05T15-00-00.000Z-end-0001.json',
      '2024-06-05T15-00-00.000Z-end-0002.json',
    ]);
    const first = JSON.parse(readFileSync(join(dir, 'crm', files[0]!), 'utf8'));
    expect(first).toMatchObject({ handoff_id: 'end-0001', notes: 'retried' });
  });
});

describe('SqsCrmSink', () => {
  test('sends the hand-off as JSON with its handoff_id attribute', async () => {
    const inputs: unknown[] = [];
    const sqs = {
      send: async (cmd: { input: unknown }) => {
        inputs.push(cmd.input);
        return {};
      },
    } as unknown as Pick<SQSClient, 'send'>;

    await new SqsCrmSink(sqs, 'https://sqs.test/crm').send(handoff);

    expect(inputs).toEqual([
      {
        QueueUrl: 'https://sqs.test/crm',
        MessageBody: JSON.stringify(handoff),
        MessageAttributes: { handoff_id: { DataType: 'String', StringValue: 'end-0001' } },
      },
    ]);
  });
});
