import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportKey, workPrefix } from '../../../lambdas/reports/core/keys';
import { DELIVERY_FILES_PREFIX } from '../../../lambdas/schedules/core/delivery-file';
import { stageConfig } from '../../../lib/config/stage-config';
import { resourcesOf, testApp } from '../cdk-fixture';
import { prodDataTemplate, stageTemplates } from './data-stack-fixture';

let data: Template;
let web: Template;
let prodData: Template;

beforeAll(() => {
  ({ data, web } = stageTemplates());
  prodData = prodDataTemplate();
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

  it('versions the lake and expires report work files, Athena results and delivered files', () => {
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
    ).toEqual(['athena-results/', 'schedules/', 'work/']);
  });

  it("deletes upload originals, report work files and Athena results after the stage's days, delivered files after 30, and nothing else", () => {
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
    // Delivered PDFs and CSVs outlive their 7-day links by a margin, then go.
    expect(expiresAfter('ReportsBucket', `${DELIVERY_FILES_PREFIX}client-a/s-1/a_b.pdf`)).toBe(30);
    // Report documents and the lake's current data are kept; only superseded lake versions go.
    expect(expiresAfter('ReportsBucket', reportKey('client-a', 'rep-1'))).toBeNull();
    expect(rulesOf('LakeBucket').every((r) => !r.ExpirationInDays)).toBe(true);
  });

  it('retains prod buckets and empties non-prod ones on deletion', () => {
    data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
    expect(Object.keys(data.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(4);
    for (const bucket of Object.values(prodData.findResources('AWS::S3::Bucket'))) {
      expect(bucket.DeletionPolicy).toBe('Retain');
    }
    expect(Object.keys(prodData.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(0);
  });
});
