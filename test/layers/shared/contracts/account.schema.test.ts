import { describe, expect, test } from 'vitest';
import type { ZodType } from 'zod';
import {
  changePasswordSchema,
  finishRegistrationSchema,
  loginSchema,
  ACCOUNT_MESSAGES as M,
  registrationSchema,
  resetRequestSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from '#shared/contracts/account.schema';
import { registrationBody } from '../../../lambdas/accounts/fakes';

/**
 * The message a form shows on a field (dot path): the first issue there, as the server's
 * parseInput and the browser's resolver both report. Undefined when the field is fine.
 */
function messageOn(schema: ZodType, input: unknown, field: string): string | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((i) => i.path.join('.') === field)?.message;
}

describe('registration rules (spec §5 Registration)', () => {
  test('a complete advertiser registration passes, normalised', () => {
    const out = registrationSchema.parse(registrationBody());

    expect(out.email).toBe('ada@example.com');
    expect(out.phone).toBe('212-555-0100');
    expect(out.url).toBe('engines.example.com');
  });

  test.each([
    ['too short', 'ab12!cd'],
    ['only 1 letter', 'a1234567!'],
    ['only 1 digit', 'abcdefg1!'],
    ['no symbol', 'abcdef12'],
  ])('rejects a weak password (%s) with the spec message', (_kind, password) => {
    const body = registrationBody({ new_password: password, confirm_password: password });

    expect(messageOn(registrationSchema, body, 'new_password')).toBe(M.passwordWeak);
  });

  test('asks for a complex password when it is empty', () => {
    const body = registrationBody({ new_password: '', confirm_password: '' });

    expect(messageOn(registrationSchema, body, 'new_password')).toBe(M.passwordRequired);
  });

  test('says the passwords do not match', () => {
    const body = registrationBody({ confirm_password: 'ab12!cdeX' });

    expect(messageOn(registrationSchema, body, 'confirm_password')).toBe(M.passwordsDiffer);
  });

  test('asks to confirm the password when the confirmation is empty', () => {
    const body = registrationBody({ confirm_password: '' });

    expect(messageOn(registrationSchema, body, 'confirm_password')).toBe(M.confirmRequired);
  });

  test.each([
    ['first_name', { first_name: ' ' }, M.firstName],
    ['last_name', { last_name: '' }, M.lastName],
    ['email', { email: '' }, M.emailRequired],
    ['email', { email: 'ada@example' }, M.emailInvalid],
    ['phone', { phone: '555-0100' }, M.phoneInvalid],
    ['user_type', { user_type: 'business' }, M.userType],
    ['years_experience_raw', { years_experience_raw: 0 }, M.years],
    ['years_experience_raw', { years_experience_raw: 'many' }, M.years],
    ['accept_terms', { accept_terms: false }, M.terms],
  ])('field %s: %j -> its spec message', (field, overrides, message) => {
    expect(messageOn(registrationSchema, registrationBody(overrides), field)).toBe(message);
  });

  test.each([
    ['212.555.0100', '212-555-0100'],
    ['2125550100', '212-555-0100'],
    ['(212)555-0100', '212-555-0100'],
    ['', ''],
  ])('normalises phone %j to %j', (phone, expected) => {
    expect(registrationSchema.parse(registrationBody({ phone })).phone).toBe(expected);
  });

  test('an advertiser needs an industry, a company and a website', () => {
    const body = registrationBody({ industry_id: '', company: '', url: '' });

    expect(messageOn(registrationSchema, body, 'industry_id')).toBe(M.industry);
    expect(messageOn(registrationSchema, body, 'company')).toBe(M.company);
    expect(messageOn(registrationSchema, body, 'url')).toBe(M.urlRequired);
  });

  test.each(['engines', 'http://engines.c', 'engines .com'])(
    'rejects the website %j with "Please fix the website"',
    (url) => {
      expect(messageOn(registrationSchema, registrationBody({ url }), 'url')).toBe(M.urlInvalid);
    },
  );

  test('a rep needs markets, not an industry, company or website', () => {
    const rep = { user_type: 'rep', industry_id: '', company: '', url: '' };

    expect(messageOn(registrationSchema, registrationBody(rep), 'markets')).toBe(M.markets);
    expect(
      registrationSchema.safeParse(registrationBody({ ...rep, markets: ['501'] })).success,
    ).toBe(true);
  });
});

describe('login, reset and code rules (spec §5 Login, Password)', () => {
  test('login asks for the e-mail and the password', () => {
    expect(messageOn(loginSchema, { password: 'x' }, 'email_address')).toBe(M.loginEmail);
    expect(messageOn(loginSchema, { email_address: 'a@b.co' }, 'password')).toBe(M.loginPassword);
  });

  test('login accepts username for the e-mail and lower-cases it', () => {
    const out = loginSchema.parse({ username: 'Ada@Example.com', password: 'pw' });

    expect(out).toEqual({
      email_address: 'ada@example.com',
      password: 'pw',
      stay_logged_in: false,
    });
  });

  test('reset needs an e-mail with the spec message', () => {
    expect(messageOn(resetRequestSchema, { email: '' }, 'email')).toBe(M.resetEmail);
  });

  test('change_password checks the token, complexity and the match', () => {
    const token = 'x'.repeat(43);

    expect(messageOn(changePasswordSchema, { token: 'short' }, 'token')).toBe(M.resetToken);
    expect(
      messageOn(
        changePasswordSchema,
        { token, new_password: 'abcdefgh', confirm_password: 'abcdefgh' },
        'new_password',
      ),
    ).toBe(M.passwordWeak);
    expect(
      messageOn(
        changePasswordSchema,
        { token, new_password: 'ab12!cdef', confirm_password: 'ab12!cdeg' },
        'confirm_password',
      ),
    ).toBe(M.passwordsDiffer);
    expect(
      messageOn(
        changePasswordSchema,
        { token, new_password: '', confirm_password: '' },
        'new_password',
      ),
    ).toBe(M.loginPassword);
  });

  test.each(['12345', '1234567', '12 456'])('a code must have 6 characters, not %j', (code) => {
    expect(messageOn(verifyEmailSchema, { email: 'a@b.co', code }, 'code')).toBe(M.code);
  });

  test('finish_registration rejects a weak password with the spec message', () => {
    const body = { email: 'a@b.co', code: '123456', new_password: 'abc', confirm_password: 'abc' };

    expect(messageOn(finishRegistrationSchema, body, 'new_password')).toBe(M.passwordWeak);
  });

  test('update_profile leaves absent fields absent and checks the website', () => {
    expect(updateProfileSchema.parse({ first_name: 'Ada' })).toEqual({ first_name: 'Ada' });
    expect(messageOn(updateProfileSchema, { url: 'nope' }, 'url')).toBe(M.urlInvalid);
  });
});

describe('a form shows every problem at once', () => {
  test('cross-field messages appear together with the single-field ones', () => {
    const body = {
      ...registrationBody(),
      first_name: '',
      user_type: 'self',
      industry_id: '',
      company: '',
      url: '',
      new_password: 'ab12!cdef',
      confirm_password: 'ab12!cdeg',
    };

    expect(messageOn(registrationSchema, body, 'first_name')).toBe(M.firstName);
    expect(messageOn(registrationSchema, body, 'confirm_password')).toBe(M.passwordsDiffer);
    expect(messageOn(registrationSchema, body, 'industry_id')).toBe(M.industry);
    expect(messageOn(registrationSchema, body, 'company')).toBe(M.company);
    expect(messageOn(registrationSchema, body, 'url')).toBe(M.urlRequired);
  });

  test('a rep without markets is told so even while the password is still weak', () => {
    const body = { ...registrationBody(), user_type: 'rep', markets: [], new_password: 'abc' };

    expect(messageOn(registrationSchema, body, 'markets')).toBe(M.markets);
    expect(messageOn(registrationSchema, body, 'new_password')).toBe(M.passwordWeak);
  });
});
