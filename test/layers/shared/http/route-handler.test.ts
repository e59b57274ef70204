import { afterEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { MFA_MESSAGES } from '#shared/contracts/mfa.schema';
import { NotFound } from '#shared/errors';
import { agentRoute, publicRoute, staffRoute, userRoute } from '#shared/http/route-handler';
import { fakeAuthenticators } from '../../../support/authenticators';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';

/** Everyone these tests sign in as (`user-a`) has an authenticator app. */
const withTotp = fakeAuthenticators('user-a');

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
    const handler = staffRoute(z.object({}), async () => ({ done: true }), withTotp.check);

    const customer = await handler(httpEvent({ body: {} }), lambdaContext);
    const staff = await handler(httpEvent({ body: {}, groups: ['staff'] }), lambdaContext);

    expect(customer.statusCode).toBe(403);
    expect(staff.statusCode).toBe(200);
  });

  test('an agent route admits call-centre agents and staff, refuses customers and anonymous callers', async () => {
    const handler = agentRoute(z.object({}), async () => ({ done: true }), withTotp.check);

    const anonymous = await handler(httpEvent({ sub: null, body: {} }), lambdaContext);
    const customer = await handler(httpEvent({ body: {} }), lambdaContext);
    const agent = await handler(httpEvent({ body: {}, groups: ['agent'] }), lambdaContext);
    const staff = await handler(httpEvent({ body: {}, groups: ['staff'] }), lambdaContext);

    expect(anonymous.statusCode).toBe(401);
    expect(customer.statusCode).toBe(403);
    expect(agent.statusCode).toBe(200);
    expect(staff.statusCode).toBe(200);
  });
  test.each([
    ['agentRoute called by an agent', 'agent'],
    ['agentRoute called by staff', 'staff'],
    ['staffRoute called by staff', 'staff'],
  ])(
    '%s without an authenticator app: 403 mfa_required and the route does not run',
    async (kind, group) => {
      const ran: string[] = [];
      const run = async () => {
        ran.push('ran');
        return { done: true };
      };
      const nobody = fakeAuthenticators();
      const handler = kind.startsWith('agent')
        ? agentRoute(z.object({}), run, nobody.check)
        : staffRoute(z.object({}), run, nobody.check);

      const response = await handler(httpEvent({ body: {}, groups: [group] }), lambdaContext);

      expect(response.statusCode).toBe(403);
      expect(bodyOf(response).error).toEqual({
        code: 'mfa_required',
        message: MFA_MESSAGES.required,
      });
      expect(MFA_MESSAGES.required).toMatch(
        /authenticator app.*log in again through the login page/,
      );
      expect(nobody.asked).toEqual(['user-a']);
      expect(ran).toEqual([]);
    },
  );

  test('a customer is refused for the role before the user pool is asked about an authenticator', async () => {
    const nobody = fakeAuthenticators();
    const handler = agentRoute(z.object({}), async () => ({ done: true }), nobody.check);

    const customer = await handler(httpEvent({ body: {} }), lambdaContext);

    expect(bodyOf(customer).error?.code).toBe('forbidden');
    expect(nobody.asked).toEqual([]);
  });
});

describe('staff and agent claims on user and public routes', () => {
  afterEach(() => vi.unstubAllEnvs());

  /** A route that answers what it was told about its caller. */
  const whoAmI = (authenticators?: ReturnType<typeof fakeAuthenticators>) =>
    userRoute(
      z.object({}),
      async (_input, { caller }) => ({ staff: caller.staff, agent: caller.agent }),
      authenticators?.check,
    );

  test.each([
    ['a member of staff', 'staff'],
    ['a call-centre agent', 'agent'],
  ])('%s without an authenticator app runs the route as a plain customer', async (_who, group) => {
    const nobody = fakeAuthenticators();

    const response = await whoAmI(nobody)(httpEvent({ body: {}, groups: [group] }), lambdaContext);

    expect(response.statusCode).toBe(200);
    expect(bodyOf(response).result).toEqual({ staff: false, agent: false });
    expect(nobody.asked).toEqual(['user-a']);
  });

  test('staff and agents with an authenticator app keep their groups', async () => {
    const response = await whoAmI(withTotp)(
      httpEvent({ body: {}, groups: ['staff', 'agent'] }),
      lambdaContext,
    );

    expect(bodyOf(response).result).toEqual({ staff: true, agent: true });
  });

  test('a customer runs without the user pool being asked', async () => {
    const nobody = fakeAuthenticators();

    const response = await whoAmI(nobody)(httpEvent({ body: {} }), lambdaContext);

    expect(bodyOf(response).result).toEqual({ staff: false, agent: false });
    expect(nobody.asked).toEqual([]);
  });

  test('a signed-in staff caller of a public route without an authenticator app is a customer there too', async () => {
    const nobody = fakeAuthenticators();
    const handler = publicRoute(
      z.object({}),
      async (_input, { caller }) => ({ staff: caller?.staff ?? null }),
      nobody.check,
    );

    const response = await handler(httpEvent({ body: {}, groups: ['staff'] }), lambdaContext);

    expect(bodyOf(response).result).toEqual({ staff: false });
  });

  test('a pool that cannot answer demotes the caller instead of failing the request', async () => {
    const broken = () => ({
      hasAuthenticator: async (): Promise<boolean> => {
        throw new Error('ThrottlingException');
      },
    });
    const handler = userRoute(
      z.object({}),
      async (_input, { caller }) => ({ staff: caller.staff }),
      broken,
    );

    const response = await handler(httpEvent({ body: {}, groups: ['staff'] }), lambdaContext);

    expect(response.statusCode).toBe(200);
    expect(bodyOf(response).result).toEqual({ staff: false });
  });

  test('without a user pool configured (no USER_POOL_ID) staff claims grant nothing', async () => {
    vi.stubEnv('USER_POOL_ID', '');

    const response = await whoAmI()(httpEvent({ body: {}, groups: ['staff'] }), lambdaContext);

    expect(response.statusCode).toBe(200);
    expect(bodyOf(response).result).toEqual({ staff: false, agent: false });
  });
});
