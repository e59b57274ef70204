import type { S3Event } from 'aws-lambda';
import { recordCall } from './calls';

/** Test import worker: records the S3 events it receives. */
export const handler = async (event: S3Event) => {
  recordCall('object-created', event);
};
