import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * The monitored post-logs under MONITORING_PREFIX of the uploads bucket (s3rver locally):
 * reads a CSV whole (a market log is tens of MB at most) and writes its JSON report next to it.
 */
export class S3MonitoringFiles {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  /** The object's UTF-8 text. @throws when it is missing or unreadable. */
  async read(key: string): Promise<string> {
    const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    if (!out.Body) throw new Error(`Monitoring file ${key} has no body.`);
    return out.Body.transformToString('utf-8');
  }

  async writeReport(key: string, body: string): Promise<void> {
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
