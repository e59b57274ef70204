import {
  type AuthTokens,
  authTokensSchema,
  type LoginResult,
} from '#shared/contracts/account-results.schema';
import { AppError } from '#shared/errors';
import { SERVER_MESSAGES } from './account-errors';
import { AFTER_LOGIN } from './limits';
import type { AccountsDeps } from './ports';

/**
 * Redeems a white-label login token (issued by loginResultFor, valid 60 s) on the white-label
 * site: the tokens come back once, and the token is gone after the first use.
 * @returns `{ token, redirect_uri: '/ss', stay_logged_in }`.
 * @throws AppError 401 `invalid_token` when unknown, used or expired.
 */
export async function exchangeLoginToken(
  deps: Pick<AccountsDeps, 'tokens'>,
  loginToken: string,
): Promise<LoginResult> {
  const payload = await deps.tokens.take('login', loginToken);
  const parsed = payload?.tokens ? authTokensSchema.safeParse(safeJson(payload.tokens)) : null;
  if (!payload || !parsed?.success)
    throw new AppError(SERVER_MESSAGES.loginTokenInvalid, 'invalid_token', 401);
  const token: AuthTokens = parsed.data;
  return { token, redirect_uri: AFTER_LOGIN, stay_logged_in: payload.stay_logged_in === 'true' };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
