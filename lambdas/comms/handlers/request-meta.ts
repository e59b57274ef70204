import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RequestMeta } from '../core/ports';

/** The request facts the comms flows use: the source address API Gateway saw. */
export function requestMeta(event: APIGatewayProxyEventV2): RequestMeta {
  return { sourceIp: event.requestContext?.http?.sourceIp || 'unknown' };
}
