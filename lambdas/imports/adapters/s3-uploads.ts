import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { UploadStore } from '../core/ports';

/** UploadStore on the uploads bucket (s3rver locally): presigned PUTs and streamed reads. */
export class S3Uploads implements UploadStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async presignPut(key: string, contentType: string, expiresS: number) {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
    });
    const url = await getSignedUrl(this.s3, command, { expiresIn: expiresS });
    return { url, headers: { 'Content-Type': contentType } };
  }

  async read(key: string): Promise<AsyncIterable<Uint8Array>> {
    const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!out.Body) throw new Error(`Upload ${key} has no body.`);
    return out.Body as unknown as AsyncIterable<Uint8Array>;
  }
}
