import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PdfFiles } from '../print/ports';

/** How long a printout link works, in seconds. */
export const PRINT_LINK_EXPIRES_S = 15 * 60;

/**
 * PdfFiles on the reports bucket (env REPORTS_BUCKET; s3rver locally, whose presigned links a
 * browser on the same machine opens directly). Links are presigned GETs that set the response's
 * Content-Type to application/pdf and its Content-Disposition to inline or attachment.
 */
export class S3PdfFiles implements PdfFiles {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly expiresS = PRINT_LINK_EXPIRES_S,
  ) {}

  async put(key: string, pdf: Uint8Array): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: pdf,
        ContentType: 'application/pdf',
      }),
    );
  }

  async link(key: string, options: { fileName: string; download: boolean }): Promise<string> {
    const disposition = `${options.download ? 'attachment' : 'inline'}; filename="${options.fileName}"`;
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: 'application/pdf',
      ResponseContentDisposition: disposition,
    });
    return getSignedUrl(this.s3, command, { expiresIn: this.expiresS });
  }
}
