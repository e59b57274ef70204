import {
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  type S3Client,
} from '@aws-sdk/client-s3';

/**
 * Every key under `prefix` in `bucket`, in S3's order: it reads page after page (at most 1,000
 * keys each) from the continuation token until S3 says the listing is no longer truncated.
 */
export async function listKeys(s3: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/**
 * The whole body of one object, or null when `key` holds none (S3's NoSuchKey, which the local
 * stand-in reports by name only).
 * @throws any other error of the GetObject.
 */
export async function getBytesOrNull(
  s3: S3Client,
  bucket: string,
  key: string,
): Promise<Uint8Array | null> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : null;
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
      return null;
    throw error;
  }
}
