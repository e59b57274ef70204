import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaStore } from '../core/ports';

/**
 * MediaStore on the media bucket. `presigner` must compute checksums only when required: with
 * the SDK's default a presigned PUT carries the CRC32 of an EMPTY body, and S3 refuses the real
 * file (creatives-deps.ts builds such a client).
 */
export class S3Media implements MediaStore {
  constructor(
    private readonly s3: S3Client,
    private readonly presigner: S3Client,
    private readonly bucket: string,
  ) {}

  presignPut(key: string, contentType: string, sizeBytes: number, ttlS: number) {
    const put = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      ContentLength: sizeBytes,
    });
    // Signed headers: S3 refuses a PUT of another type or size than the one announced.
    return getSignedUrl(this.presigner, put, {
      expiresIn: ttlS,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
  }

  presignGet(key: string, contentType: string, ttlS: number) {
    const get = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: contentType,
    });
    return getSignedUrl(this.presigner, get, { expiresIn: ttlS });
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound')
        return null;
      throw error;
    }
  }

  async readStart(key: string, bytes: number): Promise<Uint8Array> {
    const out = await this.s3.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
    );
    const body = (await out.Body?.transformToByteArray()) ?? new Uint8Array();
    // A store that ignores Range still answers the start of the file.
    return body.subarray(0, bytes);
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    await this.s3.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        CopySource: `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
