import { randomUUID } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { z } from 'zod';
import { ddbDocClient, s3Client } from '#shared/aws/clients';
import { DynamoCompanies } from '#shared/companies/dynamo-companies';
import { DynamoCreatives } from '#shared/creatives/dynamo-creatives';
import { envString, readEnv } from '#shared/env';
import { lazy } from '#shared/lazy';
import { ENV } from '#shared/workers';
import type { CreativesDeps } from '../core/ports';
import { S3Media } from './s3-media';

const tableEnv = z.object({ [ENV.companiesTable]: envString });
const mediaEnv = z.object({ [ENV.mediaBucket]: envString });

/**
 * The creatives Lambdas' composition root: COMPANIES_TABLE is parsed at cold start (throws
 * naming it); the media store is built on first use (MEDIA_BUCKET), so client_creatives needs
 * neither the variable nor the bucket. The presigning client computes checksums only when
 * required (see S3Media); it uses the same endpoint and addressing as the shared client.
 */
export function buildCreativesDeps(env: NodeJS.ProcessEnv = process.env): CreativesDeps {
  const table = readEnv(tableEnv, env)[ENV.companiesTable] as string;
  const media = () => {
    const presigner = new S3Client({
      endpoint: env.AWS_ENDPOINT_URL_S3 || undefined,
      forcePathStyle: env[ENV.s3ForcePathStyle] === '1',
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3Media(s3Client(), presigner, readEnv(mediaEnv, env)[ENV.mediaBucket] as string);
  };
  return {
    companies: new DynamoCompanies(ddbDocClient(), table),
    creatives: new DynamoCreatives(ddbDocClient(), table),
    media: lazy(media),
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}
