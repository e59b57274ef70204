import { SQSClient } from '@aws-sdk/client-sqs';
import { createRequestHandler } from 'local-aws-sqs';
import { DELIVERY_WORKER } from '#shared/workers';
import { closeServer, listen, newHttpServer, portOf } from './net';

/** Queue names of the local stack. */
export const LOCAL_QUEUES = {
  report: 'analyticowl-report-queue',
  reportDlq: 'analyticowl-report-dlq',
  gaPull: 'analyticowl-ga-pull-queue',
  gaPullDlq: 'analyticowl-ga-pull-dlq',
  delivery: 'analyticowl-delivery-queue',
  deliveryDlq: 'analyticowl-delivery-dlq',
  generate: 'analyticowl-generate-queue',
  generateDlq: 'analyticowl-generate-dlq',
} as const;

/** Failed report messages move to the DLQ after this many receives (as in the CDK stack). */
export const REPORT_MAX_RECEIVE_COUNT = 3;

const ACCOUNT = '123456789012';
const arnOf = (name: string) => `arn:aws:sqs:us-east-1:${ACCOUNT}:${name}`;

/** local-aws-sqs as the stack runs it. Queues live in memory: a restart drops queued messages. */
export interface LocalSqs {
  endpoint: string;
  port: number;
  reportQueueUrl: string;
  reportQueueArn: string;
  reportDlqUrl: string;
  /** The GA4 pull queue (GaPull) and its DLQ. */
  gaPullQueueUrl: string;
  gaPullQueueArn: string;
  gaPullDlqUrl: string;
  /** Scheduled deliveries' occurrences (DeliveryQueue) and their DLQ. */
  deliveryQueueUrl: string;
  deliveryQueueArn: string;
  deliveryDlqUrl: string;
  /** The GenerateQueue (generated report families) and its DLQ. */
  generateQueueUrl: string;
  generateQueueArn: string;
  stop(): Promise<void>;
}

/**
 * Starts local-aws-sqs@2.0.2 in-process on 127.0.0.1 with the report queue and the GA4 pull
 * queue, each with its DLQ (RedrivePolicy maxReceiveCount REPORT_MAX_RECEIVE_COUNT).
 * @param port preferred port; a busy one falls back to a free port.
 */
export async function startSqs(opts: {
  port?: number;
  log: (line: string) => void;
}): Promise<LocalSqs> {
  const queues = [
    { QueueName: LOCAL_QUEUES.reportDlq },
    {
      QueueName: LOCAL_QUEUES.report,
      Attributes: {
        VisibilityTimeout: 30,
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: arnOf(LOCAL_QUEUES.reportDlq),
          maxReceiveCount: REPORT_MAX_RECEIVE_COUNT,
        }),
      },
    },
    { QueueName: LOCAL_QUEUES.gaPullDlq },
    {
      QueueName: LOCAL_QUEUES.gaPull,
      Attributes: {
        // A pull owns its property this long (GA_PULL_WORKER.timeoutS).
        VisibilityTimeout: 900,
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: arnOf(LOCAL_QUEUES.gaPullDlq),
          maxReceiveCount: REPORT_MAX_RECEIVE_COUNT,
        }),
      },
    },
    { QueueName: LOCAL_QUEUES.deliveryDlq },
    {
      QueueName: LOCAL_QUEUES.delivery,
      Attributes: {
        VisibilityTimeout: DELIVERY_WORKER.visibilityS,
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: arnOf(LOCAL_QUEUES.deliveryDlq),
          maxReceiveCount: DELIVERY_WORKER.maxReceiveCount,
        }),
      },
    },
    { QueueName: LOCAL_QUEUES.generateDlq },
    {
      QueueName: LOCAL_QUEUES.generate,
      Attributes: {
        VisibilityTimeout: 30,
        RedrivePolicy: JSON.stringify({
          deadLetterTargetArn: arnOf(LOCAL_QUEUES.generateDlq),
          maxReceiveCount: REPORT_MAX_RECEIVE_COUNT,
        }),
      },
    },
  ];
  const { service, requestHandler } = createRequestHandler({
    port: opts.port ?? 0,
    hostname: '127.0.0.1',
    queues,
  });
  const server = newHttpServer((req, res) => void requestHandler(req, res));
  // Queue URLs carry the bound port (createSqsServer does the same after listening).
  service.PORT = await listen(server, opts.port ?? 0, true);
  const endpoint = `http://127.0.0.1:${portOf(server)}`;
  opts.log(`local SQS on ${endpoint}`);
  return {
    endpoint,
    port: service.PORT,
    reportQueueUrl: `${endpoint}/${ACCOUNT}/${LOCAL_QUEUES.report}`,
    reportQueueArn: arnOf(LOCAL_QUEUES.report),
    reportDlqUrl: `${endpoint}/${ACCOUNT}/${LOCAL_QUEUES.reportDlq}`,
    gaPullQueueUrl: `${endpoint}/${ACCOUNT}/${LOCAL_QUEUES.gaPull}`,
    gaPullQueueArn: arnOf(LOCAL_QUEUES.gaPull),
    gaPullDlqUrl: `${endpoint}/${ACCOUNT}/${LOCAL_QUEUES.gaPullDlq}`,
    generateQueueUrl: `${endpoint}/${ACCOUNT}/${LOCAL_QUEUES.generate}`,
    generateQueueArn: arnOf(LOCAL_QUEUES.generate),
    deliveryQueueUrl: `${endpoint}/${ACCOUNT}/${LOCAL_QUEUES.delivery}`,
    deliveryQueueArn: arnOf(LOCAL_QUEUES.delivery),
    deliveryDlqUrl: `${endpoint}/${ACCOUNT}/${LOCAL_QUEUES.deliveryDlq}`,
    stop: () => closeServer(server),
  };
}

/** An SQS client for the local stack's own calls (the poller), not the handlers'. */
export function localSqsClient(endpoint: string): SQSClient {
  return new SQSClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}
