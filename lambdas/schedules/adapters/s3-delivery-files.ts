import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DeliveryFileSigner } from '../core/delivery-file';

/**
 * Delivered files on the reports bucket (env REPORTS_BUCKET; s3rver locally): private objects
 * under `schedules/`, stored by the delivery worker and read through short presigned GETs that
 * the public delivery_file route hands out per click. Links are never presigned for days: in
 * Lambda a presigned URL also stops when the role session that signed it ends (hours).
 */
export class S3DeliveryFiles implements DeliveryFileSigner {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  /** Stores a file at an object key with its content type. */
  async put(key: string, content: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: content,
        ContentType: contentType,
      }),
    );
  }

  async presign(key: string, fileName: string, expiresS: number): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    });
    return getSignedUrl(this.s3, command, { expiresIn: expiresS });
  }
}
