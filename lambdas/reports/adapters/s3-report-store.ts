import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getBytesOrNull } from '#shared/aws/s3-objects';
import type { ReportStore } from '../core/ports';

/** ReportStore on the reports bucket (env REPORTS_BUCKET). */
export class S3ReportStore implements ReportStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async putJson(key: string, value: unknown): Promise<void> {
    await this.put(key, JSON.stringify(value), 'application/json');
  }

  async getJson<T>(key: string): Promise<T | null> {
    const bytes = await this.getBytes(key);
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as T) : null;
  }

  async putBytes(key: string, bytes: Uint8Array): Promise<void> {
    await this.put(key, bytes, 'application/octet-stream');
  }

  async getBytes(key: string): Promise<Uint8Array | null> {
    return getBytesOrNull(this.s3, this.bucket, key);
  }

  private async put(key: string, body: string | Uint8Array, contentType: string) {
    await this.s3.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }
}
