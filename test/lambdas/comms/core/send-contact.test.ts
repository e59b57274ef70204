import { describe, expect, test } from 'vitest';
import { COMMS_MESSAGES } from '#shared/contracts/comms.schema';
import { AppError } from '#shared/errors';
import { sendContact } from '../../../../lambdas/comms/core/send-contact';
import { CONTACT, commsWorld } from '../fakes';

const META = { sourceIp: '203.0.113.5' };
const input = (form: Partial<typeof CONTACT> = {}) => ({
  comm: 'contact-us' as const,
  form: { ...CONTACT, email: 'ann@example.com', ...form },
});

describe('sendContact', () => {
  test('stores the message, mails the team plain text and answers the spec success text', async () => {
    const w = commsWorld();

    const result = await sendContact(w.deps, input(), META);

    expect(result).toEqual({ message: "Thank you! We'll be in touch soon!" });
    expect(w.messages.contacts).toEqual([
      expect.objectContaining({
        id: 'id-1',
        email: 'ann@example.com',
        message: CONTACT.message,
        received_at: '2024-06-05T15:00:00.000Z',
      }),
    ]);
    expect(w.mails).toHaveLength(1);
    expect(w.mails[0]?.to).toBe('team@analyticowl.test');
    // The visitor's markup arrives as the literal text they typed, in a text/plain body.
    expect(w.mails[0]?.text).toContain('Hi <b>there</b>');
    expect(w.mails[0]?.text).toContain('ann@example.com');
  });

  test('keeps a subject with line breaks on one line in the mail subject', async () => {
    const w = commsWorld();

    await sendContact(w.deps, input({ subject: 'Hi\r\nBcc: evil@example.com' }), META);

    expect(w.mails[0]?.subject).not.toMatch(/[\r\n]/);
  });

  test('answers a filled honeypot with the same success but stores and mails nothing', async () => {
    const w = commsWorld();

    const result = await sendContact(w.deps, input({ website: 'http://spam.example' }), META);

    expect(result.message).toBe(COMMS_MESSAGES.contactSent);
    expect(w.messages.contacts).toEqual([]);
    expect(w.mails).toEqual([]);
  });

  test('refuses the 4th message from one e-mail within the hour with 429 and the spec text', async () => {
    const w = commsWorld();
    for (let i = 0; i < 3; i++) await sendContact(w.deps, input(), { sourceIp: `10.0.0.${i}` });

    const error = await sendContact(w.deps, input(), { sourceIp: '10.0.0.9' }).catch((e) => e);

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 429,
      message: 'There was a problem. Please try again later.',
    });
    expect(w.messages.contacts).toHaveLength(3);
  });

  test('refuses the 11th message from one address within the hour', async () => {
    const w = commsWorld();
    for (let i = 0; i < 10; i++)
      await sendContact(w.deps, input({ email: `p${i}@example.com` }), META);

    await expect(
      sendContact(w.deps, input({ email: 'late@example.com' }), META),
    ).rejects.toMatchObject({ status: 429 });
  });

  test('still answers success when the mail fails, and reports the failure by id only', async () => {
    const w = commsWorld();
    w.breakMail();

    const result = await sendContact(w.deps, input(), META);

    expect(result.message).toBe(COMMS_MESSAGES.contactSent);
    expect(w.messages.contacts).toHaveLength(1);
    expect(w.mailErrors).toEqual([{ id: 'id-1', kind: 'contact' }]);
  });
});
