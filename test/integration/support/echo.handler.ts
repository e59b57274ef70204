import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { recordCall } from './calls';

/** Test route handler: answers 200 with the event it received (and records it). */
export const handler = async (event: APIGatewayProxyEventV2) => {
  recordCall('echo', event);
  return {
    statusCode: 201,
    headers: { 'Content-Type': 'application/json', 'X-Echo': 'yes' },
    body: JSON.stringify({ routeKey: event.routeKey, rawPath: event.rawPath }),
  };
};
