import { AthenaClient } from '@aws-sdk/client-athena';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traceClient } from '../tracer';

/**
 * AWS SDK clients, created once per container (the composition root of each handler calls
 * these). In AWS they use the defaults. Locally the local stack points them at its stand-ins
 * through the standard per-service endpoint variables (AWS_ENDPOINT_URL_S3, _DYNAMODB, _SQS,
 * _SFN); S3_FORCE_PATH_STYLE=1 adds what s3rver needs (path-style, checksums only when
 * required: local-stack.md §2).
 * Each client is made through the shared tracer (traceClient), so in Lambda every call shows in
 * X-Ray as its own subsegment (service, operation, table or bucket); outside Lambda the tracer
 * is not loaded and the client stays untouched.
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
    return traceClient(
      new S3Client({
        endpoint: endpoint('S3'),
        forcePathStyle: local,
        ...(local
          ? {
              requestChecksumCalculation: 'WHEN_REQUIRED',
              responseChecksumValidation: 'WHEN_REQUIRED',
            }
          : {}),
      }),
    );
  });

/**
 * DynamoDB document client (DynamoDB Local locally); undefined attributes are dropped. The
 * document client shares its base client's middleware, so tracing the base traces both.
 */
export const ddbDocClient = () =>
  once('ddb', () =>
    DynamoDBDocumentClient.from(
      traceClient(new DynamoDBClient({ endpoint: endpoint('DYNAMODB') })),
      {
        marshallOptions: { removeUndefinedValues: true },
      },
    ),
  );

/** SQS client (local-aws-sqs locally). */
export const sqsClient = () =>
  once('sqs', () => traceClient(new SQSClient({ endpoint: endpoint('SQS') })));

/** Step Functions client (the local SFN API in front of aws-local-stepfunctions locally). */
export const sfnClient = () =>
  once('sfn', () => traceClient(new SFNClient({ endpoint: endpoint('SFN') })));

/** Athena client (AWS only; DuckDB replaces Athena locally behind the QueryEngine port). */
export const athenaClient = () => once('athena', () => traceClient(new AthenaClient({})));
