import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { HttpHandler } from '#shared/http/route-handler';
import * as changePassword from '../../../../lambdas/accounts/handlers/change-password.handler';
import * as exchangeLoginToken from '../../../../lambdas/accounts/handlers/exchange-login-token.handler';
import * as finishRegistration from '../../../../lambdas/accounts/handlers/finish-registration.handler';
import * as getSession from '../../../../lambdas/accounts/handlers/get-session.handler';
import * as googleLogin from '../../../../lambdas/accounts/handlers/google-login.handler';
import * as missingInfo from '../../../../lambdas/accounts/handlers/missing-info.handler';
import * as register from '../../../../lambdas/accounts/handlers/register.handler';
import * as resetPassword from '../../../../lambdas/accounts/handlers/reset-password.handler';
import * as restLogin from '../../../../lambdas/accounts/handlers/rest-login.handler';
import * as sendVerifyEmail from '../../../../lambdas/accounts/handlers/send-verify-email.handler';
import * as updateProfile from '../../../../lambdas/accounts/handlers/update-profile.handler';
import * as verifyEmail from '../../../../lambdas/accounts/handlers/verify-email.handler';
import { bodyOf, httpEvent, lambdaContext } from '../../../support/http-events';
import type { World } from '../fakes';

/** Helpers of the account handler tests: every route wired to one test world. */

/** Calls a handler anonymously (public route) from `ip`. */
export function call(handler: HttpHandler, body: unknown, ip = '203.0.113.5') {
  const event = httpEvent({ body, sub: null });
  event.requestContext.http.sourceIp = ip;
  return handler(event, lambdaContext).then((res) => ({ status: res.statusCode, ...bodyOf(res) }));
}

/** Calls a handler signed in as `sub` with a verified e-mail claim. */
export function callAs(handler: HttpHandler, sub: string, email: string, body: unknown = {}) {
  const event = httpEvent({ body, sub }) as APIGatewayProxyEventV2 & {
    requestContext: { authorizer: { jwt: { claims: Record<string, unknown> } } };
  };
  Object.assign(event.requestContext.authorizer.jwt.claims, { email, email_verified: 'true' });
  return handler(event, lambdaContext).then((res) => ({ status: res.statusCode, ...bodyOf(res) }));
}

export const routes = (w: World) => ({
  register: register.makeHandler(() => w.runtime),
  login: restLogin.makeHandler(() => w.runtime),
  google: googleLogin.makeHandler(() => w.runtime),
  exchange: exchangeLoginToken.makeHandler(() => w.runtime),
  reset: resetPassword.makeHandler(() => w.runtime),
  change: changePassword.makeHandler(() => w.runtime),
  resend: sendVerifyEmail.makeHandler(() => w.runtime),
  verify: verifyEmail.makeHandler(() => w.runtime),
  finish: finishRegistration.makeHandler(() => w.runtime),
  session: getSession.makeHandler(() => w.runtime),
  update: updateProfile.makeHandler(() => w.runtime),
  missing: missingInfo.makeHandler(() => w.runtime),
});
