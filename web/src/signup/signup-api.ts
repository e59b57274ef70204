import type { LoginResult } from '#shared/contracts/account-results.schema';
import type {
  SendAuthCodeResult,
  SimpleRegisterInput,
  VerifyAuthCodeResult,
} from '#shared/contracts/signup.schema';
import { callRoute } from '../api/client';

/**
 * The simple signup's calls (spec §7 send_auth_code; ours: verify_auth_code and
 * simple_register). Each throws ApiError on failure; the page decides which failures to show.
 */

/** Mails a 6-character code to the (already lower-cased, trimmed) address. */
export function sendAuthCode(email_address: string): Promise<SendAuthCodeResult> {
  return callRoute<SendAuthCodeResult>('send_auth_code', { email_address });
}

/** Checks the code; the answer says whether the address has an account, or holds the proof. */
export function verifyAuthCode(email_address: string, code: string): Promise<VerifyAuthCodeResult> {
  return callRoute<VerifyAuthCodeResult>('verify_auth_code', { email_address, code });
}

/** Creates the account for the proven address and answers a signed-in login result. */
export function simpleRegister(input: SimpleRegisterInput): Promise<LoginResult> {
  return callRoute<LoginResult>('simple_register', { ...input });
}
