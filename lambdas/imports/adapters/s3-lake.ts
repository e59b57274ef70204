import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getBytesOrNull, listKeys } from '#shared/aws/s3-objects';
import { datasetPrefix, generationFile, type LakeDataset, partitionKey } from '#shared/lake';
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

/**
 * LakeWriter on the lake bucket: one Parquet object per partition and generation
 * (layers/shared/lake.ts).
 */
export class S3Lake implements LakeWriter {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async readAirings(clientUid: string, gen: string, dateUtc: string): Promise<StoredAiring[]> {
    const bytes = await getBytesOrNull(
      this.s3,
      this.bucket,
      partitionKey(clientUid, 'airings', dateUtc, gen),
    );
    return bytes ? decodeAirings(bytes) : [];
  }

  async writeAirings(clientUid: string, gen: string, dateUtc: string, rows: StoredAiring[]) {
    await this.put(partitionKey(clientUid, 'airings', dateUtc, gen), encodeAirings(rows));
  }

  async readVisits(clientUid: string, resolution: VisitsResolution, gen: string, dateUtc: string) {
    const bytes = await getBytesOrNull(
      this.s3,
      this.bucket,
      partitionKey(clientUid, `visits/${resolution}`, dateUtc, gen),
    );
    return bytes ? decodeVisits(bytes, resolution) : null;
  }

  async writeVisits(
    clientUid: string,
    resolution: VisitsResolution,
    gen: string,
    dateUtc: string,
    visits: VisitsColumns,
  ): Promise<void> {
    const key = partitionKey(clientUid, `visits/${resolution}`, dateUtc, gen);
    await this.put(key, encodeVisits(visits));
  }

  async readFootTraffic(
    clientUid: string,
    resolution: VisitsResolution,
    gen: string,
    dateUtc: string,
  ) {
    const key = partitionKey(clientUid, `foot_traffic/${resolution}`, dateUtc, gen);
    const bytes = await getBytesOrNull(this.s3, this.bucket, key);
    return bytes ? decodeFootTraffic(bytes, resolution) : null;
  }

  async writeFootTraffic(
    clientUid: string,
    resolution: VisitsResolution,
    gen: string,
    dateUtc: string,
    footTraffic: FootTrafficColumns,
  ): Promise<void> {
    const key = partitionKey(clientUid, `foot_traffic/${resolution}`, dateUtc, gen);
    await this.put(key, encodeFootTraffic(footTraffic));
  }

  async listDates(clientUid: string, dataset: LakeDataset, gen: string): Promise<string[]> {
    const file = `/${generationFile(gen)}`;
    const dates: string[] = [];
    for (const key of await listKeys(this.s3, this.bucket, datasetPrefix(clientUid, dataset))) {
      const date = /\/date=(\d{4}-\d{2}-\d{2})\//.exec(key)?.[1];
      if (date && key.endsWith(file)) dates.push(date);
    }
    return dates.sort();
  }

  async copyPartition(
    clientUid: string,
    dataset: LakeDataset,
    dateUtc: string,
    from: string,
    to: string,
  ): Promise<void> {
    const source = partitionKey(clientUid, dataset, dateUtc, from);
    await this.s3.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: partitionKey(clientUid, dataset, dateUtc, to),
        // URL-encoded as S3 asks; `=` and `/` of the partition path stay as they are.
        CopySource: encodeURI(`${this.bucket}/${source}`),
      }),
    );
  }

  async deleteGeneration(clientUid: string, dataset: LakeDataset, gen: string): Promise<void> {
    const file = `/${generationFile(gen)}`;
    const keys = (await listKeys(this.s3, this.bucket, datasetPrefix(clientUid, dataset))).filter(
      (k) => k.endsWith(file),
    );
    for (let i = 0; i < keys.length; i += 1000) {
      await this.s3.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
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
