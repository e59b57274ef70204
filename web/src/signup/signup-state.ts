import {
  type PlanType,
  type Selection,
  type SignupRole,
  subscribePath,
} from '#shared/contracts/signup.schema';

/**
 * The simple signup's state and its rules, pure (spec §3 "Simple signup" fields, §4 "Simple
 * signup steps"). Changing the role clears plan type and selection; changing the plan
 * type clears the selection; Choose Another Plan clears the selection. The e-mail steps keep
 * their state through plan changes: a confirmed address stays confirmed.
 */

/** The steps in order (spec §4: role, plan_type, plan_picker, add_email, then profile). */
export const SIGNUP_STEPS = ['role', 'plan_type', 'plan_picker', 'add_email', 'profile'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** Everything the page remembers between steps. */
export interface SignupState {
  role: SignupRole | null;
  plan_type: PlanType | null;
  selection: Selection | null;
  /** The address the code went to (lower-case, trimmed), '' before sending. */
  email_address: string;
  /** A code was asked for: the code field shows. */
  verification_sent: boolean;
  /** The code was accepted. */
  authenticated: boolean;
  /** The confirmed address already has an account: offer "log in instead". */
  has_account: boolean;
  /** The single-use proof simple_register needs (null until authenticated). */
  proof_token: string | null;
  /** The proof ran out before the account was made: a new code is needed. */
  proof_expired: boolean;
}

/** What can happen on the page. */
export type SignupAction =
  | { type: 'role'; role: SignupRole }
  | { type: 'plan_type'; plan_type: PlanType }
  | { type: 'selection'; selection: Selection }
  | { type: 'choose_another_plan' }
  /** A code was asked for `email_address` (whether or not the mail could be sent). */
  | { type: 'code_sent'; email_address: string }
  /** The person edits the e-mail after sending: the old code and proof no longer apply. */
  | { type: 'edit_email' }
  | { type: 'authenticated'; has_account: boolean; proof_token: string | null }
  /** The proof was refused (expired or used): back to sending a code. */
  | { type: 'proof_expired' }
  /** simple_register found an account for the address. */
  | { type: 'account_exists' };

/** The state of a fresh page. */
export const INITIAL_SIGNUP: SignupState = {
  role: null,
  plan_type: null,
  selection: null,
  email_address: '',
  verification_sent: false,
  authenticated: false,
  has_account: false,
  proof_token: null,
  proof_expired: false,
};

const unsent = {
  verification_sent: false,
  authenticated: false,
  has_account: false,
  proof_token: null,
  proof_expired: false,
} as const;

/** The next state after `action`. Choosing the current value again changes nothing. */
export function signupReducer(state: SignupState, action: SignupAction): SignupState {
  switch (action.type) {
    case 'role':
      if (action.role === state.role) return state;
      return { ...state, role: action.role, plan_type: null, selection: null };
    case 'plan_type':
      if (action.plan_type === state.plan_type) return state;
      return { ...state, plan_type: action.plan_type, selection: null };
    case 'selection':
      return { ...state, selection: action.selection };
    case 'choose_another_plan':
      return { ...state, selection: null };
    case 'code_sent':
      return { ...state, ...unsent, email_address: action.email_address, verification_sent: true };
    case 'edit_email':
      return { ...state, ...unsent, email_address: '' };
    case 'authenticated':
      return {
        ...state,
        authenticated: true,
        has_account: action.has_account,
        proof_token: action.proof_token,
      };
    case 'proof_expired':
      return { ...state, ...unsent, proof_expired: true };
    case 'account_exists':
      return { ...state, authenticated: true, has_account: true, proof_token: null };
  }
}

/**
 * The steps shown, in order: each appears once the one before is answered; the profile step
 * once the address is confirmed and has no account yet.
 */
export function visibleSteps(state: SignupState): SignupStep[] {
  const steps: SignupStep[] = ['role'];
  if (!state.role) return steps;
  steps.push('plan_type');
  if (!state.plan_type) return steps;
  steps.push('plan_picker');
  if (!state.selection) return steps;
  steps.push('add_email');
  if (state.authenticated && !state.has_account && state.proof_token) steps.push('profile');
  return steps;
}

/** Where the signup hands over (the subscribe wizard), or null before a plan is chosen. */
export function handoffPath(state: SignupState): string | null {
  if (!state.plan_type || !state.selection) return null;
  return subscribePath(state.selection, state.plan_type);
}
