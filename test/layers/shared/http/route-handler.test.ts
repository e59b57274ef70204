import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { NotFound } from '../../../../layers/shared/errors';
import {
  agentRoute,
  publicRoute,
  staffRoute,
  userRoute,
} from '../../../../layers/shared/http/route-handler';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';

const schema = z.object({
  client_uid: z.string().min(1, 'Choose a client.'),
  window: z.coerce.number().int().max(60, 'The window is at most 60 minutes.').default(8),
});

const echo = userRoute(schema, async (input, { caller }) => ({ ...input, user: caller.userId }));

describe('userRoute', () => {
  test('answers the typed input in the success envelope', async () => {
    const response = await echo(httpEvent({ body: { client_uid: 'c1' } }), lambdaContext);

    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({
      success: true,
      message: 'OK',
      result: { client_uid: 'c1', window: 8, user: 'user-a' },
    });
  });

  test('merges the query string with the body, the body winning', async () => {
    const response = await echo(
      httpEvent({ query: { client_uid: 'q', window: '5' }, body: { client_uid: 'b' } }),
      lambdaContext,
    );

    expect(bodyOf(response).result).toMatchObject({ client_uid: 'b', window: 5 });
  });

  test('names the failing field with the schema message', async () => {
    const response = await echo(
      httpEvent({ body: { client_uid: 'c1', window: 90 } }),
      lambdaContext,
    );

    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toMatchObject({
      success: false,
      message: 'The window is at most 60 minutes.',
      error: { code: 'invalid_input', field: 'window' },
    });
  });

  test('refuses a request without verified claims with 401', async () => {
    const response = await echo(
      httpEvent({ sub: null, body: { client_uid: 'c1' } }),
      lambdaContext,
    );

    expect(response.statusCode).toBe(401);
    expect(bodyOf(response).success).toBe(false);
  });

  test('rejects a body that is not a JSON object', async () => {
    const event = httpEvent({});
    event.body = 'not json';

    const response = await echo(event, lambdaContext);

    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).error?.field).toBe('body');
  });
});

describe('errors', () => {
  test('a domain error keeps its status and message', async () => {
    const handler = userRoute(z.object({}), async () => {
      throw new NotFound('Client');
    });

    const response = await handler(httpEvent({ body: {} }), lambdaContext);

    expect(response.statusCode).toBe(404);
    expect(bodyOf(response).message).toBe('Client not found.');
  });

  test('an unexpected error becomes a 500 with the generic message and no internals', async () => {
    const handler = userRoute(z.object({}), async () => {
      throw new Error('connection string postgres://secret');
    });

    const response = await handler(httpEvent({ body: {} }), lambdaContext);

    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(bodyOf(response).message).toMatch(/^Something happened!/);
  });
});

describe('publicRoute, staffRoute and agentRoute', () => {
  test('a public route runs without claims and sees no caller', async () => {
    const handler = publicRoute(z.object({}), async (_input, { caller }) => ({
      anonymous: caller === null,
    }));

    const response = await handler(httpEvent({ sub: null, body: {} }), lambdaContext);

    expect(bodyOf(response).result).toEqual({ anonymous: true });
  });

  test('a staff route refuses a signed-in non-staff user with 403 and admits staff', async () => {
    const handler = staffRoute(z.object({}), async () => ({ done: true }));

    const customer = await handler(httpEvent({ body: {} }), lambdaContext);
    const staff = await handler(httpEvent({ body: {}, groups: ['staff'] }), lambdaContext);

    expect(customer.statusCode).toBe(403);
    expect(staff.statusCode).toBe(200);
  });

  test('an agent route admits call-centre agents and staff, refuses customers and anonymous callers', async () => {
    const handler = agentRoute(z.object({}), async () => ({ done: true }));

    const anonymous = await handler(httpEvent({ sub: null, body: {} }), lambdaContext);
    const customer = await handler(httpEvent({ body: {} }), lambdaContext);
    const agent = await handler(httpEvent({ body: {}, groups: ['agent'] }), lambdaContext);
    const staff = await handler(httpEvent({ body: {}, groups: ['staff'] }), lambdaContext);

    expect(anonymous.statusCode).toBe(401);
    expect(customer.statusCode).toBe(403);
    expect(agent.statusCode).toBe(200);
    expect(staff.statusCode).toBe(200);
  });
});
