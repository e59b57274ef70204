import {
  CopyObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { DropFiles } from '../core/ports';

/** The dropped files in the uploads bucket (s3rver locally). */
export class S3DropFiles implements DropFiles {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async head(key: string) {
    try {
      const out = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { etag: (out.ETag ?? '').replaceAll('"', ''), bytes: out.ContentLength ?? 0 };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
      if (error instanceof NotFound || status?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async copy(from: string, to: string) {
    await this.s3.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: to,
        // An uploader's file name may hold any character: encode each part of the key.
        CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  async writeJson(key: string, body: string) {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: 'application/json',
      }),
    );
  }
}
