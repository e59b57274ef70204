import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  airingsObjectKey,
  footTrafficObjectKey,
  visitsObjectKey,
} from '../../../layers/shared/lake';
import type { StoredAiring } from '../core/lake-rows';
import type { LakeWriter } from '../core/ports';
import type { FootTrafficColumns, VisitsColumns, VisitsResolution } from '../core/types';
import {
  decodeAirings,
  decodeFootTraffic,
  decodeVisits,
  encodeAirings,
  encodeFootTraffic,
  encodeVisits,
} from './parquet-codec';

/** LakeWriter on the lake bucket: one Parquet object per partition (layers/shared/lake.ts). */
export class S3Lake implements LakeWriter {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async readAirings(clientUid: string, dateUtc: string): Promise<StoredAiring[]> {
    const bytes = await this.get(airingsObjectKey(clientUid, dateUtc));
    return bytes ? decodeAirings(bytes) : [];
  }

  async writeAirings(clientUid: string, dateUtc: string, rows: StoredAiring[]): Promise<void> {
    await this.put(airingsObjectKey(clientUid, dateUtc), encodeAirings(rows));
  }

  async readVisits(clientUid: string, resolution: VisitsResolution, dateUtc: string) {
    const bytes = await this.get(visitsObjectKey(clientUid, resolution, dateUtc));
    return bytes ? decodeVisits(bytes, resolution) : null;
  }

  async writeVisits(
    clientUid: string,
    resolution: VisitsResolution,
    dateUtc: string,
    visits: VisitsColumns,
  ): Promise<void> {
    await this.put(visitsObjectKey(clientUid, resolution, dateUtc), encodeVisits(visits));
  }

  async readFootTraffic(clientUid: string, resolution: VisitsResolution, dateUtc: string) {
    const bytes = await this.get(footTrafficObjectKey(clientUid, resolution, dateUtc));
    return bytes ? decodeFootTraffic(bytes, resolution) : null;
  }

  async writeFootTraffic(
    clientUid: string,
    resolution: VisitsResolution,
    dateUtc: string,
    footTraffic: FootTrafficColumns,
  ): Promise<void> {
    const key = footTrafficObjectKey(clientUid, resolution, dateUtc);
    await this.put(key, encodeFootTraffic(footTraffic));
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

  private async put(key: string, body: Uint8Array): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: 'application/vnd.apache.parquet',
      }),
    );
  }
}
