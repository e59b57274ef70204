import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { workerHandler } from '#shared/worker-handler';
import { COGNITO_TOKEN_GATE } from '#shared/workers';
import { requireVerifiedEmail } from '../core/token-gate';

/**
 * Cognito pre-token-generation trigger (layers/shared/workers.ts COGNITO_TOKEN_GATE): runs
 * after the password check and on every refresh; refuses tokens to a user whose e-mail is not
 * verified (core/token-gate.ts). Claims are left as Cognito makes them.
 * @throws Error(EMAIL_NOT_VERIFIED), which Cognito turns into `UserLambdaValidationException`.
 */
export const handler = workerHandler(
  COGNITO_TOKEN_GATE.id,
  async (event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> => {
    requireVerifiedEmail(event.request.userAttributes);
    return event;
  },
);
