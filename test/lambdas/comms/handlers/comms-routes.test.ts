import { describe, expect, test } from 'vitest';
import { COMMS_MESSAGES } from '#shared/contracts/comms.schema';
import type { HttpHandler } from '#shared/http/route-handler';
import * as comms from '../../../../lambdas/comms/handlers/comms.handler';
import * as doNotSell from '../../../../lambdas/comms/handlers/do-not-sell.handler';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';
import { CONTACT, commsWorld, DNS } from '../fakes';

function call(handler: HttpHandler, body: unknown, ip = '203.0.113.5') {
  const event = httpEvent({ body, sub: null });
  event.requestContext.http.sourceIp = ip;
  return handler(event, lambdaContext).then((res) => ({ status: res.statusCode, ...bodyOf(res) }));
}

describe('POST comms', () => {
  test('answers 200 with the thank-you and stores the message under the default comm', async () => {
    const w = commsWorld();
    const handler = comms.makeHandler(() => w.deps);

    const res = await call(handler, { form: CONTACT });

    expect(res.status).toBe(200);
    expect(res).toMatchObject({ success: true, result: { message: COMMS_MESSAGES.contactSent } });
    expect(w.messages.contacts[0]).toMatchObject({ comm: 'contact-us', email: 'ann@example.com' });
  });

  test('answers 400 with the spec message naming the field', async () => {
    const w = commsWorld();
    const handler = comms.makeHandler(() => w.deps);

    const res = await call(handler, { form: { ...CONTACT, message: '  ' } });

    expect(res.status).toBe(400);
    expect(res).toMatchObject({
      success: false,
      error: { message: 'What would you like to say?', field: 'form.message' },
    });
    expect(w.messages.contacts).toEqual([]);
  });

  test('answers 429 with the spec failure text once the e-mail is over its limit', async () => {
    const w = commsWorld();
    const handler = comms.makeHandler(() => w.deps);
    for (let i = 0; i < 3; i++) await call(handler, { form: CONTACT }, `10.1.1.${i}`);

    const res = await call(handler, { form: CONTACT }, '10.1.1.9');

    expect(res.status).toBe(429);
    expect(res).toMatchObject({ message: 'There was a problem. Please try again later.' });
  });
});

describe('POST do_not_sell', () => {
  test('answers 200 and stores the request', async () => {
    const w = commsWorld();
    const handler = doNotSell.makeHandler(() => w.deps);

    const res = await call(handler, DNS);

    expect(res.status).toBe(200);
    expect(w.messages.doNotSell).toHaveLength(1);
  });

  test('answers 400 "Please check the box" when the do-not-sell box is not checked', async () => {
    const w = commsWorld();
    const handler = doNotSell.makeHandler(() => w.deps);

    const res = await call(handler, { ...DNS, do_not_sell: false });

    expect(res.status).toBe(400);
    expect(res).toMatchObject({ error: { message: 'Please check the box', field: 'do_not_sell' } });
  });
});
