import { AthenaClient } from '@aws-sdk/client-athena';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * AWS SDK clients, created once per container (the composition root of each handler calls
 * these). In AWS they use the defaults. Locally the local stack points them at its stand-ins
 * through the standard per-service endpoint variables (AWS_ENDPOINT_URL_S3, _DYNAMODB, _SQS,
 * _SFN); S3_FORCE_PATH_STYLE=1 adds what s3rver needs (path-style, checksums only when
 * required: local-stack.md §2).
 */
const cache = new Map<string, unknown>();

function once<T>(key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

const endpoint = (service: string) => process.env[`AWS_ENDPOINT_URL_${service}`] || undefined;

/** S3 client (s3rver locally). */
export const s3Client = () =>
  once('s3', () => {
    const local = process.env.S3_FORCE_PATH_STYLE === '1';
    return new S3Client({
      endpoint: endpoint('S3'),
      forcePathStyle: local,
      ...(local
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
          }
        : {}),
    });
  });

/** DynamoDB document client (DynamoDB Local locally); undefined attributes are dropped. */
export const ddbDocClient = () =>
  once('ddb', () =>
    DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoint('DYNAMODB') }), {
      marshallOptions: { removeUndefinedValues: true },
    }),
  );

/** SQS client (local-aws-sqs locally). */
export const sqsClient = () => once('sqs', () => new SQSClient({ endpoint: endpoint('SQS') }));

/** Step Functions client (the local SFN API in front of aws-local-stepfunctions locally). */
export const sfnClient = () => once('sfn', () => new SFNClient({ endpoint: endpoint('SFN') }));

/** Athena client (AWS only; DuckDB replaces Athena locally behind the QueryEngine port). */
export const athenaClient = () => once('athena', () => new AthenaClient({}));
