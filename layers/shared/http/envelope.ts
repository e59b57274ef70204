import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError, CardError, GENERIC_ERROR_MESSAGE } from '../errors';
import { logger } from '../logger';

/**
 * The one response envelope (spec §7: every response carries success and message;
 * house-style item 8: errors as `{ error: { code, message } }`).
 */
export interface Envelope<T> {
  success: boolean;
  message: string;
  result?: T;
  error?: { code: string; message: string; field?: string };
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/**
 * What a route's run answers to send the browser elsewhere instead of a JSON envelope: a 302 to
 * `location`, never cached (the route builder turns it into the response).
 */
export class Redirect {
  constructor(readonly location: string) {}

  /** 302 Found with `Location`, `cache-control: no-store` and no body. */
  toResponse(): APIGatewayProxyStructuredResultV2 {
    return {
      statusCode: 302,
      headers: { location: this.location, 'cache-control': 'no-store' },
      body: '',
    };
  }
}

/**
 * A route result already serialised as JSON (`text`: one JSON value), kept by a warm container
 * so a large answer read again is not serialised again; ok() splices it in unchanged.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** 200 with `{ success: true, message, result }` (a JsonText result spliced in as it is). */
export function ok<T>(result: T, message = 'OK'): APIGatewayProxyStructuredResultV2 {
  if (result instanceof JsonText) {
    const head = `{"success":true,"message":${JSON.stringify(message)},"result":`;
    return { statusCode: 200, headers: JSON_HEADERS, body: `${head}${result.text}}` };
  }
  const body: Envelope<T> = { success: true, message, result };
  return { statusCode: 200, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

/**
 * Maps any thrown value to the error envelope. AppErrors keep their message, code and status (a
 * CardError also its `result.card_result`);
 * anything else becomes a 500 with the spec's generic message and is logged with context
 * (stack traces never leave the server).
 */
export function fromError(error: unknown, context: Record<string, unknown> = {}) {
  if (error instanceof AppError) {
    const body: Envelope<unknown> = {
      success: false,
      message: error.message,
      error: {
        code: error.code,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
      },
      ...(error instanceof CardError ? { result: error.result } : {}),
    };
    return { statusCode: error.status, headers: JSON_HEADERS, body: JSON.stringify(body) };
  }
  logger.error('unhandled error', { ...context, error: error as Error });
  const body: Envelope<never> = {
    success: false,
    message: GENERIC_ERROR_MESSAGE,
    error: { code: 'internal', message: GENERIC_ERROR_MESSAGE },
  };
  return { statusCode: 500, headers: JSON_HEADERS, body: JSON.stringify(body) };
}
