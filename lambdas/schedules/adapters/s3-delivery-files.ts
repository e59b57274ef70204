import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DeliveryFiles } from '../core/deliver-ports';

/**
 * DeliveryFiles on the reports bucket (env REPORTS_BUCKET; s3rver locally): files are private
 * objects; links are presigned GETs that download them under their file name. SigV4 presigning
 * allows at most 7 days; in Lambda a link also stops when the role session that signed it ends,
 * so the delivery worker's role credentials bound how long a link really works.
 */
export class S3DeliveryFiles implements DeliveryFiles {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

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

  async link(key: string, fileName: string, expiresS: number): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    });
    return getSignedUrl(this.s3, command, { expiresIn: expiresS });
  }
}
