import { describe, expect, test } from 'vitest';
import {
  handoffPath,
  INITIAL_SIGNUP,
  type SignupAction,
  type SignupState,
  signupReducer,
  visibleSteps,
} from '../../../web/src/signup/signup-state';

const run = (...actions: SignupAction[]) => actions.reduce(signupReducer, INITIAL_SIGNUP);

/** Everything answered up to a confirmed address without an account. */
const confirmed: SignupState = run(
  { type: 'role', role: 'agency' },
  { type: 'plan_type', plan_type: 'ai' },
  { type: 'selection', selection: 'individual' },
  { type: 'code_sent', email_address: 'ann@example.com' },
  { type: 'authenticated', has_account: false, proof_token: 'proof-1' },
);

describe('simple signup clearing rules (spec §4 "Simple signup steps")', () => {
  test('changing the role clears plan type and selection', () => {
    const next = signupReducer(confirmed, { type: 'role', role: 'rep' });

    expect(next).toMatchObject({ role: 'rep', plan_type: null, selection: null });
  });

  test('changing the plan type clears the selection but keeps the role', () => {
    const next = signupReducer(confirmed, { type: 'plan_type', plan_type: 'both' });

    expect(next).toMatchObject({ role: 'agency', plan_type: 'both', selection: null });
  });

  test('Choose Another Plan clears the selection only', () => {
    const next = signupReducer(confirmed, { type: 'choose_another_plan' });

    expect(next).toMatchObject({ role: 'agency', plan_type: 'ai', selection: null });
  });

  test.each([
    ['role', { type: 'role', role: 'agency' }],
    ['plan type', { type: 'plan_type', plan_type: 'ai' }],
  ] as const)('picking the same %s again clears nothing', (_what, action) => {
    expect(signupReducer(confirmed, action)).toBe(confirmed);
  });

  test('a confirmed address stays confirmed through plan changes', () => {
    const next = run(
      { type: 'role', role: 'agency' },
      { type: 'plan_type', plan_type: 'ai' },
      { type: 'selection', selection: 'team' },
      { type: 'code_sent', email_address: 'ann@example.com' },
      { type: 'authenticated', has_account: false, proof_token: 'proof-1' },
      { type: 'choose_another_plan' },
      { type: 'selection', selection: 'free' },
    );

    expect(next).toMatchObject({ authenticated: true, proof_token: 'proof-1' });
    expect(visibleSteps(next)).toContain('profile');
  });
});

describe('visible steps', () => {
  test.each<[string, SignupAction[], string[]]>([
    ['a fresh page', [], ['role']],
    ['after the role', [{ type: 'role', role: 'self' }], ['role', 'plan_type']],
    [
      'after the plan type',
      [
        { type: 'role', role: 'self' },
        { type: 'plan_type', plan_type: 'ii' },
      ],
      ['role', 'plan_type', 'plan_picker'],
    ],
    [
      'after the plan, and after a code was sent',
      [
        { type: 'role', role: 'self' },
        { type: 'plan_type', plan_type: 'ii' },
        { type: 'selection', selection: 'free' },
        { type: 'code_sent', email_address: 'a@b.co' },
      ],
      ['role', 'plan_type', 'plan_picker', 'add_email'],
    ],
    [
      'after the code, for an address with an account (no profile: log in instead)',
      [
        { type: 'role', role: 'self' },
        { type: 'plan_type', plan_type: 'ii' },
        { type: 'selection', selection: 'free' },
        { type: 'code_sent', email_address: 'a@b.co' },
        { type: 'authenticated', has_account: true, proof_token: null },
      ],
      ['role', 'plan_type', 'plan_picker', 'add_email'],
    ],
  ])('%s', (_when, actions, steps) => {
    expect(visibleSteps(run(...actions))).toEqual(steps);
  });

  test('the profile step shows once the code is accepted', () => {
    expect(visibleSteps(confirmed)).toEqual([
      'role',
      'plan_type',
      'plan_picker',
      'add_email',
      'profile',
    ]);
  });

  test('changing the role hides every step after plan type', () => {
    expect(visibleSteps(signupReducer(confirmed, { type: 'role', role: 'self' }))).toEqual([
      'role',
      'plan_type',
    ]);
  });
});

describe('e-mail and code', () => {
  test('editing the e-mail after sending hides the code and forgets the proof', () => {
    const next = signupReducer(confirmed, { type: 'edit_email' });

    expect(next).toMatchObject({
      email_address: '',
      verification_sent: false,
      authenticated: false,
      proof_token: null,
    });
  });

  test('an expired proof asks for a new code and keeps the address', () => {
    const next = signupReducer(confirmed, { type: 'proof_expired' });

    expect(next).toMatchObject({
      email_address: 'ann@example.com',
      verification_sent: false,
      authenticated: false,
      proof_expired: true,
    });
    expect(
      signupReducer(next, { type: 'code_sent', email_address: 'ann@example.com' }),
    ).toMatchObject({ verification_sent: true, proof_expired: false });
  });

  test('an account found at the last step turns into "log in instead"', () => {
    const next = signupReducer(confirmed, { type: 'account_exists' });

    expect(next).toMatchObject({ has_account: true, proof_token: null });
    expect(visibleSteps(next)).not.toContain('profile');
  });
});

describe('hand-over to the subscribe wizard', () => {
  test.each([
    ['free', 'ii', '/plans/subscribe?plan=paygo&product=industry'],
    ['individual', 'ai', '/plans/subscribe?plan=individual&product=advertiser'],
    ['team', 'both', '/plans/subscribe?plan=team&product=both'],
    ['enterprise', 'ii', '/plans/subscribe?plan=enterprise&product=industry'],
  ] as const)('%s + %s -> %s', (selection, plan_type, path) => {
    const state = run(
      { type: 'role', role: 'self' },
      { type: 'plan_type', plan_type },
      { type: 'selection', selection },
    );

    expect(handoffPath(state)).toBe(path);
  });

  test('no hand-over before a plan is chosen', () => {
    expect(handoffPath(run({ type: 'role', role: 'self' }))).toBeNull();
  });
});
