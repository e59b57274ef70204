import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test } from 'vitest';
import { ddbDocClient } from '#shared/aws/clients';
import { ENV } from '#shared/workers';
import { callApi } from '../../lib/local/route-calls';
import { outboxMails } from './support/outbox';
import { stackForFile } from './support/stack';

// The public forms through the local gateway, DynamoDB Local and the outbox: what a visitor
// sends is stored and mailed once, and a flood is refused.
const local = stackForFile();

/** Items of the messages table under `pk`. */
async function stored(pk: string): Promise<Record<string, unknown>[]> {
  const out = await ddbDocClient().send(
    new QueryCommand({
      TableName: local.stack.env[ENV.messagesTable],
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
    }),
  );
  return out.Items ?? [];
}

/** Mails in the local outbox whose text mentions `needle`. */
function mailsMentioning(needle: string): { to: string; subject: string; text: string }[] {
  return outboxMails(local.stack.mailDir).filter((m) => m.text.includes(needle));
}

const contact = (email: string) => ({
  comm: 'contact-us',
  form: {
    first_name: 'Ann',
    last_name: 'Lee',
    email,
    subject: 'Help Me Sign Up',
    message: 'We run 40 radio spots a week in Chicago. <b>Can you measure them?</b>',
  },
});

test('a contact message is stored and mailed to the team as plain text', async () => {
  const url = local.stack.url;

  await callApi(url, 'comms', contact('ann@leefurniture.example.com'));

  const month = new Date().toISOString().slice(0, 7);
  const items = await stored(`CONTACT#${month}`);
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({ email: 'ann@leefurniture.example.com' });
  const mails = mailsMentioning('40 radio spots a week');
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain('<b>Can you measure them?</b>');
});

test('a fourth message from one address within the hour is refused and not stored', async () => {
  const url = local.stack.url;
  const email = 'bo@example.com';
  const month = new Date().toISOString().slice(0, 7);
  const before = (await stored(`CONTACT#${month}`)).length;
  for (let i = 0; i < 3; i++) await callApi(url, 'comms', contact(email));

  await expect(callApi(url, 'comms', contact(email))).rejects.toThrow(
    'HTTP 429: There was a problem. Please try again later.',
  );
  expect((await stored(`CONTACT#${month}`)).length).toBe(before + 3);
});

test('a do-not-sell request is stored with its 10-business-day due date and acknowledged', async () => {
  const url = local.stack.url;

  await callApi(url, 'do_not_sell', {
    first_name: 'Cy',
    last_name: 'Ruiz',
    email: 'cy@example.com',
    address: '1 Main St',
    city: 'Fresno',
    state: 'CA',
    zipcode: '93701',
    california: true,
    do_not_sell: true,
  });

  const items = await stored('DO_NOT_SELL');
  expect(items).toHaveLength(1);
  const due = new Date(String(items[0]?.due_by));
  const received = new Date(String(items[0]?.received_at));
  // Ten weekdays after the day it came in, at the same time of day: 14 calendar days from a
  // weekday, 13 from a Saturday, 12 from a Sunday.
  let weekdays = 0;
  for (const day = new Date(received); day < due; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) weekdays++;
  }
  expect(weekdays).toBe(10);
  expect(due.getUTCDay()).not.toBe(0);
  expect(due.getUTCDay()).not.toBe(6);
  expect(due.toISOString().slice(11)).toBe(received.toISOString().slice(11));
  expect(
    mailsMentioning('Fresno').length + mailsMentioning('cy@example.com').length,
  ).toBeGreaterThan(0);
});

test('a do-not-sell request without the box checked names the field and stores nothing', async () => {
  const url = local.stack.url;
  const before = (await stored('DO_NOT_SELL')).length;

  await expect(
    callApi(url, 'do_not_sell', {
      first_name: 'Di',
      last_name: 'Ng',
      email: 'di@example.com',
      address: '2 Main St',
      city: 'Fresno',
      state: 'CA',
      zipcode: '93701',
      do_not_sell: false,
    }),
  ).rejects.toThrow('Please check the box');
  expect((await stored('DO_NOT_SELL')).length).toBe(before);
});
