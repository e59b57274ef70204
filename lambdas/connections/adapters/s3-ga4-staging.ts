import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getBytesOrNull, listKeys } from '#shared/aws/s3-objects';
import { decodeVisits, encodeVisits } from '../../imports/adapters/parquet-codec';
import { inParallel, LAKE_CONCURRENCY } from '../../imports/core/lake-commit';
import type { VisitsColumns, VisitsResolution } from '../../imports/core/types';
import type { Ga4Staging, StagedPart } from '../core/pull/ports';

/** Prefix of every staged GA4 object of a client (outside the lake's tables). */
export const ga4ClientPrefix = (clientUid: string) => `ga4/client_uid=${clientUid}/`;

/** Prefix of every object staged for one UTC day of a client, by any of its properties. */
export const ga4DayPrefix = (clientUid: string, utcDay: string) =>
  `${ga4ClientPrefix(clientUid)}date=${utcDay}/`;

/**
 * The staged object of one property, UTC day and property report day:
 * `ga4/client_uid=<c>/date=<utc day>/property=<p>/local=<report day>.<minute|hour>.parquet`
 * (the visits Parquet of layers/shared/lake.ts VISITS_COLUMNS). Day first, so the rebuild of a
 * day reads its parts with one listing.
 */
export function ga4StagedKey(
  clientUid: string,
  propertyId: string,
  utcDay: string,
  localDate: string,
  resolution: VisitsResolution,
): string {
  return `${ga4DayPrefix(clientUid, utcDay)}property=${propertyId}/local=${localDate}.${resolution}.parquet`;
}

const STAGED = /\/property=(\d+)\/local=([\d-]+)\.(minute|hour)\.parquet$/;

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
    const keys = await listKeys(this.s3, this.bucket, ga4DayPrefix(clientUid, day));
    const parts: StagedPart[] = [];
    await inParallel(keys, LAKE_CONCURRENCY, async (key) => {
      const m = STAGED.exec(key);
      if (!m) return;
      const bytes = await getBytesOrNull(this.s3, this.bucket, key);
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
}
