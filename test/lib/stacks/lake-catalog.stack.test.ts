import type { Template } from 'aws-cdk-lib/assertions';
import { parquetMetadata } from 'hyparquet';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  encodeAirings,
  encodeFootTraffic,
  encodeVisits,
} from '../../../lambdas/imports/adapters/parquet-codec';
import { FootTrafficBuilder } from '../../../lambdas/imports/core/foot-traffic-builder';
import { VisitsBuilder } from '../../../lambdas/imports/core/visits-builder';
import { stageConfig } from '../../../lib/config/stage-config';
import { testApp } from '../cdk-fixture';
import { stageTemplates } from './data-stack-fixture';

let data: Template;

beforeAll(() => {
  ({ data } = stageTemplates());
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
