import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { decodeVisits, encodeVisits } from '../../imports/adapters/parquet-codec';
import { inParallel, LAKE_CONCURRENCY } from '../../imports/core/lake-commit';
import type { VisitsColumns, VisitsResolution } from '../../imports/core/types';
import type { Ga4Staging, StagedPart } from '../core/pull/ports';

/** Prefix of every staged GA4 object of a client (outside the lake's tables). */
export const ga4ClientPrefix = (clientUid: string) => `ga4/client_uid=${clientUid}/`;

/**
 * The staged object of one property, UTC day and property report day:
 * `ga4/client_uid=<c>/property=<p>/date=<utc day>/local=<report day>.<minute|hour>.parquet`
 * (the visits Parquet of layers/shared/lake.ts VISITS_COLUMNS).
 */
export function ga4StagedKey(
  clientUid: string,
  propertyId: string,
  utcDay: string,
  localDate: string,
  resolution: VisitsResolution,
): string {
  return `${ga4ClientPrefix(clientUid)}property=${propertyId}/date=${utcDay}/local=${localDate}.${resolution}.parquet`;
}

const STAGED = /\/property=(\d+)\/date=[\d-]+\/local=([\d-]+)\.(minute|hour)\.parquet$/;

/**
 * Ga4Staging in the lake bucket. Putting a report day writes one object per UTC day and
 * deletes that report day's object of the other resolution, so a property turned hourly never
 * leaves its minutes behind.
 */
export class S3Ga4Staging implements Ga4Staging {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async putLocalDay(
    clientUid: string,
    propertyId: string,
    localDate: string,
    byUtcDay: ReadonlyMap<string, VisitsColumns>,
  ): Promise<void> {
    await inParallel([...byUtcDay], LAKE_CONCURRENCY, async ([utcDay, visits]) => {
      const other = visits.resolution === 'minute' ? 'hour' : 'minute';
      await this.s3.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: ga4StagedKey(clientUid, propertyId, utcDay, localDate, visits.resolution),
          Body: encodeVisits(visits),
          ContentType: 'application/vnd.apache.parquet',
        }),
      );
      await this.s3.send(
        new DeleteObjectCommand({
          Bucket: this.bucket,
          Key: ga4StagedKey(clientUid, propertyId, utcDay, localDate, other),
        }),
      );
    });
  }

  async readUtcDay(clientUid: string, day: string): Promise<StagedPart[]> {
    const properties = await this.list(ga4ClientPrefix(clientUid), '/');
    const keys = (
      await Promise.all(
        properties.prefixes.map((p) => this.list(`${p}date=${day}/`).then((l) => l.keys)),
      )
    ).flat();
    const parts: StagedPart[] = [];
    await inParallel(keys, LAKE_CONCURRENCY, async (key) => {
      const m = STAGED.exec(key);
      if (!m) return;
      const bytes = await this.get(key);
      if (!bytes) return;
      const resolution = m[3] as VisitsResolution;
      parts.push({
        propertyId: m[1]!,
        localDate: m[2]!,
        visits: await decodeVisits(bytes, resolution),
      });
    });
    return parts;
  }

  /** Keys (and, with a delimiter, common prefixes) under `prefix`. */
  private async list(prefix: string, delimiter?: string) {
    const keys: string[] = [];
    const prefixes: string[] = [];
    let token: string | undefined;
    do {
      const out = await this.s3.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
      for (const p of out.CommonPrefixes ?? []) if (p.Prefix) prefixes.push(p.Prefix);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return { keys, prefixes };
  }

  private async get(key: string): Promise<Uint8Array | null> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? await out.Body.transformToByteArray() : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
        return null;
      throw error;
    }
  }
}
