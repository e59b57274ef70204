import { Names, Stack } from 'aws-cdk-lib';
import { CfnWorkGroup } from 'aws-cdk-lib/aws-athena';
import * as glue from 'aws-cdk-lib/aws-glue';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { LakeQueryResources } from './api-function.construct';

/** Glue table names inside the stage's lake database (queries use them unqualified). */
export const LAKE_TABLES = {
  airings: 'airings',
  visits: 'visits',
  foot_traffic: 'foot_traffic',
} as const;

/** Props of {@link LakeCatalog}. */
export interface LakeCatalogProps {
  /** Parquet lake: `airings/client_uid=<c>/date=<YYYY-MM-DD>/`, `visits/...`, `foot-traffic/...`. */
  readonly lakeBucket: IBucket;
  /** Where Athena writes results (the reports bucket). */
  readonly resultsBucket: IBucket;
  /** Key prefix of Athena results in `resultsBucket`, e.g. `athena-results/`. */
  readonly resultsPrefix: string;
  /** Delete the workgroup's saved queries with the stack (non-prod). */
  readonly recursiveDelete: boolean;
  /**
   * Bytes one query may scan before Athena cancels it (at least 10 MB), so a runaway query
   * cannot run up the bill (StageConfig.athenaBytesScannedCutoffPerQuery).
   */
  readonly bytesScannedCutoffPerQuery: number;
}

const S = glue.Schema;

/** Projected date partition: one folder per UTC day, 2000-01-01 up to today. */
const dateProjection = () =>
  glue.PartitionProjectionConfiguration.date({
    min: '2000-01-01',
    max: 'NOW',
    format: 'yyyy-MM-dd',
  });

/**
 * The lake's query side: a Glue database with the `airings`, `visits` and `foot_traffic`
 * Parquet tables (partition projection, so no crawler or MSCK REPAIR), and an Athena workgroup
 * that enforces the results location, SSE-S3 and a per-query bytes-scanned cutoff. Columns follow
 * the lake layout written by the import worker (epoch seconds for times, integer cents for money).
 */
export class LakeCatalog extends Construct {
  readonly database: glue.Database;
  readonly airings: glue.S3Table;
  readonly visits: glue.S3Table;
  /** Store visits per location, partitioned like visits. */
  readonly footTraffic: glue.S3Table;
  readonly workGroup: CfnWorkGroup;
  /** Everything ApiFunction.bindAthena needs. */
  readonly queryResources: LakeQueryResources;

  constructor(scope: Construct, id: string, props: LakeCatalogProps) {
    super(scope, id);
    const lake = props.lakeBucket.bucketName;
    this.database = new glue.Database(this, 'Database', {
      description: 'AnalyticOwl lake: airings, visits and foot traffic (Parquet)',
    });

    this.airings = new glue.S3Table(this, 'AiringsTable', {
      database: this.database,
      tableName: LAKE_TABLES.airings,
      description: 'Post-log airings, one row per airing (start_utc epoch seconds, cost in cents)',
      storage: glue.S3TableStorage.fromBucket(props.lakeBucket),
      s3Prefix: 'airings/',
      dataFormat: glue.DataFormat.PARQUET,
      // SSE-S3 only (no client-side encryption): Athena reads it without extra properties.
      hasEncryptedData: false,
      columns: [
        { name: 'airing_key', type: S.STRING },
        { name: 'airing_id', type: S.STRING },
        { name: 'advertiser', type: S.STRING },
        { name: 'start_utc', type: S.BIG_INT },
        { name: 'market', type: S.STRING },
        { name: 'tz', type: S.STRING },
        { name: 'station', type: S.STRING },
        { name: 'station_type', type: S.STRING },
        { name: 'network', type: S.STRING },
        { name: 'program', type: S.STRING },
        { name: 'cable_zone', type: S.STRING },
        { name: 'creative', type: S.STRING },
        { name: 'length_s', type: S.BIG_INT },
        { name: 'cost_cents', type: S.BIG_INT },
        { name: 'impressions', type: S.DOUBLE },
      ],
      partitionKeys: [
        { name: 'client_uid', type: S.STRING },
        { name: 'date', type: S.STRING },
      ],
      partitionProjection: {
        client_uid: glue.PartitionProjectionConfiguration.injected(),
        date: dateProjection(),
      },
      parameters: {
        'storage.location.template': `s3://${lake}/airings/client_uid=\${client_uid}/date=\${date}/`,
      },
    });

    this.visits = resolutionTable(this, 'VisitsTable', {
      lakeBucket: props.lakeBucket,
      database: this.database,
      tableName: LAKE_TABLES.visits,
      prefix: 'visits/',
      description: 'Web visits per time bucket and DMA (bucket_utc epoch seconds)',
      columns: [
        { name: 'bucket_utc', type: S.BIG_INT },
        { name: 'dma_code', type: S.STRING },
        { name: 'sessions', type: S.DOUBLE },
        { name: 'new_users', type: S.DOUBLE },
        { name: 'pageviews', type: S.DOUBLE },
        // Nullable engagement metrics; objects written before them read as null.
        { name: 'engaged_sessions', type: S.DOUBLE },
        { name: 'engagement_s', type: S.DOUBLE },
      ],
    });
    this.footTraffic = resolutionTable(this, 'FootTrafficTable', {
      lakeBucket: props.lakeBucket,
      database: this.database,
      tableName: LAKE_TABLES.foot_traffic,
      prefix: 'foot-traffic/',
      description: 'Store visits per time bucket and location (bucket_utc epoch seconds)',
      columns: [
        { name: 'bucket_utc', type: S.BIG_INT },
        { name: 'location_id', type: S.STRING },
        { name: 'dma_code', type: S.STRING },
        { name: 'visits', type: S.DOUBLE },
      ],
    });

    this.workGroup = new CfnWorkGroup(this, 'WorkGroup', {
      name: Names.uniqueResourceName(this, { maxLength: 128, separator: '-' }),
      description: `AnalyticOwl report queries (${Stack.of(this).stackName})`,
      recursiveDeleteOption: props.recursiveDelete,
      workGroupConfiguration: {
        enforceWorkGroupConfiguration: true,
        publishCloudWatchMetricsEnabled: true,
        bytesScannedCutoffPerQuery: props.bytesScannedCutoffPerQuery,
        engineVersion: { selectedEngineVersion: 'Athena engine version 3' },
        resultConfiguration: {
          outputLocation: `s3://${props.resultsBucket.bucketName}/${props.resultsPrefix}`,
          encryptionConfiguration: { encryptionOption: 'SSE_S3' },
        },
      },
    });

    this.queryResources = {
      workGroupName: this.workGroup.name,
      database: this.database,
      tables: [this.airings, this.visits, this.footTraffic],
      lakeBucket: props.lakeBucket,
      resultsBucket: props.resultsBucket,
      resultsPrefix: props.resultsPrefix,
    };
  }
}

/** What differs between the tables partitioned by client, resolution and date. */
interface ResolutionTableProps {
  readonly lakeBucket: IBucket;
  readonly database: glue.IDatabase;
  readonly tableName: string;
  /** Key prefix in the lake, with the trailing slash, e.g. `visits/`. */
  readonly prefix: string;
  readonly description: string;
  readonly columns: glue.Column[];
}

/**
 * A Parquet table under `<prefix>client_uid=<c>/resolution=<minute|hour>/date=<YYYY-MM-DD>/`
 * (layers/shared/lake.ts), with client_uid injected, resolution enumerated and date projected.
 */
function resolutionTable(scope: Construct, id: string, props: ResolutionTableProps) {
  const { lakeBucket, prefix } = props;
  return new glue.S3Table(scope, id, {
    database: props.database,
    tableName: props.tableName,
    description: props.description,
    storage: glue.S3TableStorage.fromBucket(lakeBucket),
    s3Prefix: prefix,
    dataFormat: glue.DataFormat.PARQUET,
    // SSE-S3 only (no client-side encryption): Athena reads it without extra properties.
    hasEncryptedData: false,
    columns: props.columns,
    partitionKeys: [
      { name: 'client_uid', type: S.STRING },
      { name: 'resolution', type: S.STRING },
      { name: 'date', type: S.STRING },
    ],
    partitionProjection: {
      client_uid: glue.PartitionProjectionConfiguration.injected(),
      resolution: glue.PartitionProjectionConfiguration.enum({ values: ['minute', 'hour'] }),
      date: dateProjection(),
    },
    parameters: {
      'storage.location.template': `s3://${lakeBucket.bucketName}/${prefix}client_uid=\${client_uid}/resolution=\${resolution}/date=\${date}/`,
    },
  });
}
