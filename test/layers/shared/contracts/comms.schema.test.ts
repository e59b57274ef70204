import { describe, expect, test } from 'vitest';
import {
  commsRequestSchema,
  contactFormSchema,
  doNotSellSchema,
  COMMS_MESSAGES as M,
} from '#shared/contracts/comms.schema';

/** The first message of every failing field (what the form and the server show), by field. */
function messages(result: {
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> } | undefined;
}) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('contact form (spec §5 "Contact form")', () => {
  test('an empty form shows the spec message on each required field', () => {
    const result = contactFormSchema.safeParse({
      first_name: '',
      last_name: '',
      email: '',
      subject: '',
      message: '',
    });

    expect(messages(result)).toEqual({
      first_name: 'Please enter your first name',
      last_name: 'Please enter your last name',
      email: 'Enter an email address',
      subject: 'Please enter a Subject',
      message: 'What would you like to say?',
    });
  });

  test('a malformed e-mail reads "Invalid email address"', () => {
    const result = contactFormSchema.safeParse({
      first_name: 'a',
      last_name: 'b',
      email: 'ann@nowhere',
      subject: 's',
      message: 'm',
    });

    expect(messages(result)).toEqual({ email: 'Invalid email address' });
  });

  test('the comms body defaults comm to contact-us and lower-cases the e-mail', () => {
    const parsed = commsRequestSchema.parse({
      form: { first_name: 'a', last_name: 'b', email: ' A@B.co ', subject: 's', message: 'm' },
    });

    expect(parsed.comm).toBe('contact-us');
    expect(parsed.form).toMatchObject({ email: 'a@b.co', group: '', website: '' });
  });
});

describe('do-not-sell (spec §5 "Do-not-sell")', () => {
  test('every field is required with its spec message and the box must be checked', () => {
    const result = doNotSellSchema.safeParse({ do_not_sell: false });

    expect(messages(result)).toEqual({
      first_name: M.firstName,
      last_name: M.lastName,
      email: M.emailRequired,
      address: 'Please enter your address',
      city: 'Please enter your city',
      state: 'Please enter your state',
      zipcode: 'Please enter your zip/postalcode',
      do_not_sell: 'Please check the box',
    });
  });

  test('California is optional and defaults to false', () => {
    const parsed = doNotSellSchema.parse({
      first_name: 'a',
      last_name: 'b',
      email: 'a@b.co',
      address: '1 Main',
      city: 'c',
      state: 's',
      zipcode: '1',
      do_not_sell: true,
    });

    expect(parsed.california).toBe(false);
  });
});
