import { S3Client } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { buildCreativesDeps } from '../../../../lambdas/creatives/adapters/creatives-deps';
import { S3Media } from '../../../../lambdas/creatives/adapters/s3-media';

const env = {
  COMPANIES_TABLE: 'companies',
  MEDIA_BUCKET: 'media-bucket',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'secret',
};

describe('S3Media presigned URLs', () => {
  // The SDK reads the region and keys from the environment, as in Lambda.
  beforeEach(() => {
    for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  });
  afterEach(() => vi.unstubAllEnvs());

  test('an upload URL signs the Content-Type and Content-Length and lives 15 minutes, with no checksum of an empty body', async () => {
    const media = buildCreativesDeps(env).media;

    const url = new URL(await media.presignPut('media/c/k1', 'video/mp4', 1234, 900));

    expect(url.pathname).toContain('media/c/k1');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
  });

  test('a play URL lives 5 minutes and makes S3 serve the type read from the content', async () => {
    const s3 = new S3Client({
      region: 'us-east-1',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    });
    const media = new S3Media(s3, s3, 'media-bucket');

    const url = new URL(await media.presignGet('media/c/k1', 'audio/wav', 300));

    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-type')).toBe('audio/wav');
  });
});
