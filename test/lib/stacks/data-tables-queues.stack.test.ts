import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { GA_PULL_WORKER, REPORT_QUEUE_WORKER } from '#shared/workers';
import { prodDataTemplate, stageTemplates } from './data-stack-fixture';

let data: Template;
let prodData: Template;

beforeAll(() => {
  ({ data } = stageTemplates());
  prodData = prodDataTemplate();
});

describe('companies table', () => {
  it('has pk/sk, the gsi1 index, on-demand billing and point-in-time recovery', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
        },
      ],
      Replicas: [{ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }],
    });
  });

  it('is deletion-protected and retained only in prod', () => {
    prodData.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: { Replicas: [{ DeletionProtectionEnabled: true }] },
    });
    data.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Delete',
      Properties: { Replicas: [{ DeletionProtectionEnabled: false }] },
    });
  });
});

describe('messages table (contact and do-not-sell forms)', () => {
  /** The MessagesTable resource of a template. */
  const messagesTable = (template: Template) =>
    Object.entries(template.findResources('AWS::DynamoDB::GlobalTable')).find(([id]) =>
      id.startsWith('MessagesTable'),
    )?.[1] as { DeletionPolicy: string; Properties: Record<string, unknown> } | undefined;

  it('has pk/sk, a TTL for the rate-limit windows and point-in-time recovery', () => {
    expect(messagesTable(data)?.Properties).toMatchObject({
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      Replicas: [{ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }],
    });
  });

  it('is deletion-protected and retained in prod, deleted elsewhere', () => {
    expect(messagesTable(prodData)).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: { Replicas: [{ DeletionProtectionEnabled: true }] },
    });
    expect(messagesTable(data)?.DeletionPolicy).toBe('Delete');
  });
});

describe('call records table and CRM queue (call centre)', () => {
  const callTable = (template: Template) =>
    Object.entries(template.findResources('AWS::DynamoDB::GlobalTable')).find(([id]) =>
      id.startsWith('CallRecordsTable'),
    )?.[1] as { DeletionPolicy: string; Properties: Record<string, unknown> } | undefined;

  it('keeps call records with point-in-time recovery, retained and protected in prod', () => {
    expect(callTable(data)?.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      Replicas: [{ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }],
    });
    expect(callTable(prodData)).toMatchObject({
      DeletionPolicy: 'Retain',
      Properties: { Replicas: [{ DeletionProtectionEnabled: true }] },
    });
  });

  it('keeps ended calls for the CRM 14 days, encrypted', () => {
    data.hasResourceProperties('AWS::SQS::Queue', {
      MessageRetentionPeriod: 14 * 24 * 3600,
      SqsManagedSseEnabled: true,
      RedrivePolicy: { maxReceiveCount: 5 },
    });
  });
});

describe('report queue', () => {
  it('sends every queue that is not itself a dead-letter queue to a DLQ', () => {
    const queues = data.findResources('AWS::SQS::Queue');
    const dlqIds = Object.values(queues)
      .map((q) => q.Properties.RedrivePolicy?.deadLetterTargetArn?.['Fn::GetAtt']?.[0])
      .filter(Boolean);
    const workQueues = Object.entries(queues).filter(([id]) => !dlqIds.includes(id));
    // The report queue, the CRM hand-off queue, the GA4 pull queue, the scheduled deliveries'
    // queue and the generated reports' queue, each with its own DLQ.
    expect(dlqIds).toHaveLength(5);
    expect(workQueues.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'CrmHandoffQueue',
      'DeliveryQueue',
      'GaPullQueue',
      'GenerateQueue',
      'ReportQueue',
    ]);
    const maxReceives = Object.fromEntries(
      workQueues.map(([id, q]) => [id.slice(0, 3), q.Properties.RedrivePolicy.maxReceiveCount]),
    );
    // A report and a GA4 pull are retried 3 times; the CRM connector gets 5 tries before a
    // hand-off is set aside, a delivery 5 (it retries 3 times itself, with backoff), and a
    // generated report 3.
    expect(maxReceives).toEqual({ Rep: 3, Crm: 5, GaP: 3, Del: 5, Gen: 3 });
  });

  it('hides a message for at least six consumer timeouts and encrypts every queue', () => {
    for (const queue of Object.values(data.findResources('AWS::SQS::Queue'))) {
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    }
    const [work] = Object.entries(
      data.findResources('AWS::SQS::Queue', { Properties: { RedrivePolicy: {} } }),
    )
      .filter(([id]) => id.startsWith('ReportQueue'))
      .map(([, queue]) => queue);
    expect(work?.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(
      6 * REPORT_QUEUE_WORKER.timeoutS,
    );
    const [pulls] = Object.entries(data.findResources('AWS::SQS::Queue'))
      .filter(([id]) => id.startsWith('GaPullQueue'))
      .map(([, queue]) => queue);
    expect(pulls?.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * GA_PULL_WORKER.timeoutS);
  });
});
