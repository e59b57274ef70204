import { Template } from 'aws-cdk-lib/assertions';
import { parquetMetadata } from 'hyparquet';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeAirings,
  encodeFootTraffic,
  encodeVisits,
} from '../../../lambdas/imports/adapters/parquet-codec';
import { FootTrafficBuilder } from '../../../lambdas/imports/core/foot-traffic-builder';
import { VisitsBuilder } from '../../../lambdas/imports/core/visits-builder';
import { reportKey, workPrefix } from '../../../lambdas/reports/core/keys';
import { GA_PULL_WORKER, REPORT_QUEUE_WORKER } from '../../../layers/shared/workers';
import { stageConfig } from '../../../lib/config/stage-config';
import { DataStack } from '../../../lib/stacks/data.stack';
import { buildStage, resourcesOf, testApp } from '../cdk-fixture';

let data: Template;
let web: Template;
let prodData: Template;

beforeAll(() => {
  const stacks = buildStage();
  data = Template.fromStack(stacks.data);
  web = Template.fromStack(stacks.web);
  const prodApp = testApp({ stage: 'prod' });
  prodData = Template.fromStack(
    new DataStack(prodApp, 'ProdData', { config: stageConfig(prodApp) }),
  );
});

/** Logical id of the bucket whose id starts with `prefix`. */
const bucketId = (template: Template, prefix: string) =>
  Object.keys(template.findResources('AWS::S3::Bucket')).find((id) => id.startsWith(prefix)) ?? '';

describe('buckets', () => {
  it('blocks public access and denies non-TLS requests on every bucket of the stage', () => {
    for (const template of [data, web]) {
      const buckets = template.findResources('AWS::S3::Bucket');
      const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
      expect(Object.keys(buckets).length).toBeGreaterThan(0);
      for (const [id, bucket] of Object.entries(buckets)) {
        expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        const policy = policies.find((p) => p.Properties.Bucket.Ref === id);
        const tlsDeny = policy?.Properties.PolicyDocument.Statement.find(
          (s: { Effect: string; Condition?: { Bool?: Record<string, string> } }) =>
            s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
        );
        expect(tlsDeny, `TLS-only policy on ${id}`).toBeDefined();
      }
    }
  });

  it('lets the browser POST presigned uploads cross-origin and expires uploads after 30 days', () => {
    const uploads = resourcesOf(data)[bucketId(data, 'UploadsBucket')]?.Properties as Record<
      string,
      never
    >;
    expect(uploads).toMatchObject({
      CorsConfiguration: {
        CorsRules: [{ AllowedMethods: ['POST'], AllowedOrigins: ['https://*.cloudfront.net'] }],
      },
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: 30, Status: 'Enabled' }] },
    });
  });

  it('versions the lake and expires report work files and Athena results', () => {
    const resources = resourcesOf(data);
    expect(resources[bucketId(data, 'LakeBucket')]?.Properties?.VersioningConfiguration).toEqual({
      Status: 'Enabled',
    });
    const reports = resources[bucketId(data, 'ReportsBucket')]?.Properties as
      | { LifecycleConfiguration: { Rules: Array<{ Prefix?: string; ExpirationInDays?: number }> } }
      | undefined;
    const rules = reports?.LifecycleConfiguration.Rules ?? [];
    expect(
      rules
        .filter((r) => r.ExpirationInDays)
        .map((r) => r.Prefix)
        .sort(),
    ).toEqual(['athena-results/', 'work/']);
  });

  it("deletes upload originals, report work files and Athena results after the stage's days, and nothing else", () => {
    const { expiry } = stageConfig(testApp());
    type Rule = { Prefix?: string; ExpirationInDays?: number };
    const rulesOf = (prefix: string) =>
      (
        resourcesOf(data)[bucketId(data, prefix)]?.Properties as
          | { LifecycleConfiguration?: { Rules: Rule[] } }
          | undefined
      )?.LifecycleConfiguration?.Rules ?? [];
    /** Days after which `key` is deleted by the bucket's rules, or null when it is kept. */
    const expiresAfter = (prefix: string, key: string) =>
      rulesOf(prefix).find((r) => r.ExpirationInDays && key.startsWith(r.Prefix ?? ''))
        ?.ExpirationInDays ?? null;

    expect(expiry).toEqual({ uploadsDays: 30, workFilesDays: 7 });
    expect(expiresAfter('UploadsBucket', 'uploads/org-1/pl-1/postlog.csv')).toBe(30);
    expect(expiresAfter('UploadsBucket', 'monitoring/2016-09.csv')).toBe(30);
    expect(expiresAfter('ReportsBucket', `${workPrefix('rep-1')}airings.json`)).toBe(7);
    expect(expiresAfter('ReportsBucket', 'athena-results/q-1.csv')).toBe(7);
    // Report documents and the lake's current data are kept; only superseded lake versions go.
    expect(expiresAfter('ReportsBucket', reportKey('client-a', 'rep-1'))).toBeNull();
    expect(rulesOf('LakeBucket').every((r) => !r.ExpirationInDays)).toBe(true);
  });

  it('retains prod buckets and empties non-prod ones on deletion', () => {
    data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
    expect(Object.keys(data.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(3);
    for (const bucket of Object.values(prodData.findResources('AWS::S3::Bucket'))) {
      expect(bucket.DeletionPolicy).toBe('Retain');
    }
    expect(Object.keys(prodData.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(0);
  });
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

describe('messages table (issue #5 forms)', () => {
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
    // The report queue, the CRM hand-off queue and the GA4 pull queue, each with its own DLQ.
    expect(dlqIds).toHaveLength(3);
    expect(workQueues.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'CrmHandoffQueue',
      'GaPullQueue',
      'ReportQueue',
    ]);
    const maxReceives = Object.fromEntries(
      workQueues.map(([id, q]) => [id.slice(0, 3), q.Properties.RedrivePolicy.maxReceiveCount]),
    );
    // A report and a GA4 pull are retried 3 times; the CRM connector gets 5 tries before a
    // hand-off is set aside.
    expect(maxReceives).toEqual({ Rep: 3, Crm: 5, GaP: 3 });
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

describe('lake catalog', () => {
  const params = (name: string) => {
    const [table] = Object.values(
      data.findResources('AWS::Glue::Table', { Properties: { TableInput: { Name: name } } }),
    );
    return JSON.parse(JSON.stringify(table?.Properties.TableInput)) as {
      Parameters: Record<string, unknown>;
      PartitionKeys: Array<{ Name: string }>;
      StorageDescriptor: { SerdeInfo: { SerializationLibrary: string } };
    };
  };

  /** Column name -> Glue type of a Parquet file the import wrote. */
  const writtenColumns = (bytes: Uint8Array) => {
    const glueType: Record<string, string> = {
      INT64: 'bigint',
      DOUBLE: 'double',
      BYTE_ARRAY: 'string',
    };
    return Object.fromEntries(
      parquetMetadata(bytes.buffer as ArrayBuffer)
        .schema.slice(1)
        .map((c) => [c.name, glueType[c.type ?? '']]),
    );
  };
  /** Column name -> type the Glue table declares. */
  const declaredColumns = (name: string) =>
    Object.fromEntries(
      (
        params(name) as unknown as {
          StorageDescriptor: { Columns: { Name: string; Type: string }[] };
        }
      ).StorageDescriptor.Columns.map((c) => [c.Name, c.Type]),
    );

  it('projects airings partitions by injected client and daily date, without a crawler', () => {
    const airings = params('airings');
    expect(airings.PartitionKeys.map((k) => k.Name)).toEqual(['client_uid', 'date']);
    expect(airings.Parameters).toMatchObject({
      'projection.enabled': 'true',
      'projection.client_uid.type': 'injected',
      'projection.date.type': 'date',
      'projection.date.range': '2000-01-01,NOW',
      'projection.date.format': 'yyyy-MM-dd',
    });
    expect(JSON.stringify(airings.Parameters['storage.location.template'])).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Athena's projection placeholders
      '/airings/client_uid=${client_uid}/date=${date}/',
    );
    expect(airings.StorageDescriptor.SerdeInfo.SerializationLibrary).toContain('ParquetHiveSerDe');
  });

  it('projects visits partitions by client, minute/hour resolution and date', () => {
    const visits = params('visits');
    expect(visits.PartitionKeys.map((k) => k.Name)).toEqual(['client_uid', 'resolution', 'date']);
    expect(visits.Parameters).toMatchObject({
      'projection.enabled': 'true',
      'projection.resolution.type': 'enum',
      'projection.resolution.values': 'minute,hour',
    });
    expect(JSON.stringify(visits.Parameters['storage.location.template'])).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Athena's projection placeholders
      '/visits/client_uid=${client_uid}/resolution=${resolution}/date=${date}/',
    );
  });

  it('projects foot_traffic partitions like visits, under foot-traffic/', () => {
    const footTraffic = params('foot_traffic');
    expect(footTraffic.PartitionKeys.map((k) => k.Name)).toEqual([
      'client_uid',
      'resolution',
      'date',
    ]);
    expect(footTraffic.Parameters).toMatchObject({
      'projection.enabled': 'true',
      'projection.client_uid.type': 'injected',
      'projection.resolution.type': 'enum',
      'projection.resolution.values': 'minute,hour',
      'projection.date.type': 'date',
      'projection.date.range': '2000-01-01,NOW',
    });
    expect(JSON.stringify(footTraffic.Parameters['storage.location.template'])).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Athena's projection placeholders
      '/foot-traffic/client_uid=${client_uid}/resolution=${resolution}/date=${date}/',
    );
    expect(footTraffic.StorageDescriptor.SerdeInfo.SerializationLibrary).toContain(
      'ParquetHiveSerDe',
    );
  });

  it('declares the foot_traffic column types the import writes', () => {
    const b = new FootTrafficBuilder('hour');
    b.add(1_473_000_000, 'Store #12', '501', 37);

    expect(declaredColumns('foot_traffic')).toEqual(writtenColumns(encodeFootTraffic(b.build())));
  });

  it('declares the visits column types the import writes, the engagement metrics included', () => {
    const b = new VisitsBuilder('minute');
    b.add(1_473_000_000, '501', 4, 1, 5, 3, 95);

    expect(declaredColumns('visits')).toEqual(writtenColumns(encodeVisits(b.build())));
    expect(declaredColumns('visits')).toMatchObject({
      engaged_sessions: 'double',
      engagement_s: 'double',
    });
  });

  it('declares exactly the column types the import writes into the Parquet files', () => {
    const bytes = encodeAirings([
      {
        airing_key: 'k',
        airing_id: '1',
        advertiser: 'A',
        start_utc: 1_473_000_000,
        market: '501',
        tz: 'America/New_York',
        station: 'WABC',
        station_type: 'tv',
        network: null,
        program: 'News',
        cable_zone: null,
        creative: 'ISCI1',
        length_s: 30,
        cost_cents: 12_500,
        impressions: 1000,
      },
    ]);

    expect(declaredColumns('airings')).toEqual(writtenColumns(bytes));
  });

  it("stops any one Athena query past the stage's bytes-scanned cutoff (10 GiB)", () => {
    const [workGroup] = Object.values(data.findResources('AWS::Athena::WorkGroup'));
    const config = workGroup?.Properties.WorkGroupConfiguration;

    expect(config.BytesScannedCutoffPerQuery).toBe(10 * 1024 ** 3);
    expect(config.BytesScannedCutoffPerQuery).toBe(
      stageConfig(testApp()).athenaBytesScannedCutoffPerQuery,
    );
    // Enforced: a query cannot opt out by naming its own settings.
    expect(config.EnforceWorkGroupConfiguration).toBe(true);
  });

  it('enforces an encrypted Athena results location under athena-results/', () => {
    const [workGroup] = Object.values(data.findResources('AWS::Athena::WorkGroup'));
    const config = workGroup?.Properties.WorkGroupConfiguration;
    expect(config.EnforceWorkGroupConfiguration).toBe(true);
    expect(config.ResultConfiguration.EncryptionConfiguration.EncryptionOption).toBe('SSE_S3');
    expect(JSON.stringify(config.ResultConfiguration.OutputLocation)).toContain('/athena-results/');
  });
});

describe('user pool', () => {
  it('signs in by e-mail through the login route only (password auth, no SRP, no client secret)', () => {
    data.hasResourceProperties('AWS::Cognito::UserPool', { UsernameAttributes: ['email'] });
    const [client] = Object.values(data.findResources('AWS::Cognito::UserPoolClient'));
    expect(client?.Properties.GenerateSecret).toBe(false);
    expect(client?.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    expect(client?.Properties.ExplicitAuthFlows).not.toContain('ALLOW_USER_SRP_AUTH');
    expect(client?.Properties.EnableTokenRevocation).toBe(true);
  });

  it("accepts the spec's passwords: no upper/lower-case rule, digits and symbols required", () => {
    data.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireNumbers: true,
          RequireSymbols: true,
          RequireLowercase: false,
          RequireUppercase: false,
        },
      },
      // Users come from the register route (AdminCreateUser); nobody signs up around it.
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
  });

  it('has the staff and agent groups the staff-only and agent-only routes check', () => {
    data.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'staff' });
    data.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'agent' });
  });

  it('keeps one-time tokens and rate-limit windows in a TTL table', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });

  it('has no Google identity provider or hosted UI unless the stage names a Google client', () => {
    data.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    data.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
  });
});
