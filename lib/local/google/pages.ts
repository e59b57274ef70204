import { SCOPE_TEXT } from './context';
import { LOCAL_OAUTH_CLIENT, USERS } from './directory';
import { esc } from './http';
import type { PendingConsent } from './store';

/** Styles shared by the stand-in's pages (no external resources: the pages work offline). */
const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f0f4f9; color: #1f1f1f; }
  .banner { background: #5c2d91; color: #fff; padding: .5rem 1rem; font-size: .95rem; text-align: center; }
  .banner strong { letter-spacing: .02em; }
  main { max-width: 34rem; margin: 2rem auto; background: #fff; border-radius: 1.5rem; padding: 2rem 2.25rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  main.wide { max-width: 60rem; }
  h1 { font-size: 1.6rem; font-weight: 500; margin: .25rem 0 .5rem; }
  .logo { font-weight: 600; font-size: 1.1rem; color: #444; }
  .muted { color: #444; }
  fieldset { border: 0; padding: 0; margin: 1.25rem 0; }
  legend { font-weight: 600; margin-bottom: .5rem; }
  .account { display: flex; gap: .85rem; align-items: center; border: 1px solid #c4c7c5; border-radius: .75rem; padding: .7rem .9rem; margin: .45rem 0; cursor: pointer; }
  .account:has(input:checked) { border-color: #0b57d0; background: #e8f0fe; }
  .account input { width: 1.15rem; height: 1.15rem; accent-color: #0b57d0; }
  .avatar { width: 2.2rem; height: 2.2rem; border-radius: 50%; background: #0b57d0; color: #fff; display: grid; place-items: center; font-weight: 600; flex: none; }
  .who { display: flex; flex-direction: column; }
  .who small { color: #444; }
  ul.scopes { padding-left: 1.2rem; line-height: 1.6; }
  .actions { display: flex; justify-content: flex-end; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; font-weight: 600; border-radius: 1.25rem; padding: .6rem 1.5rem; cursor: pointer; border: 1px solid #747775; background: #fff; color: #0b57d0; }
  button.primary { background: #0b57d0; border-color: #0b57d0; color: #fff; }
  button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible { outline: 3px solid #f9ab00; outline-offset: 2px; }
  .note { font-size: .9rem; color: #444; border-top: 1px solid #e0e0e0; padding-top: 1rem; margin-top: 1.5rem; }
  .error { color: #b3261e; }
  table { border-collapse: collapse; width: 100%; margin: .5rem 0 1.5rem; font-size: .92rem; }
  th, td { text-align: left; border-bottom: 1px solid #e0e0e0; padding: .4rem .5rem; vertical-align: top; }
  code { background: #f1f3f4; padding: 0 .25rem; border-radius: .25rem; }
  form.inline { display: flex; gap: .5rem; align-items: end; flex-wrap: wrap; margin: .5rem 0 1rem; }
  label.field { display: flex; flex-direction: column; font-size: .9rem; gap: .2rem; }
  input[type=number], select { font: inherit; padding: .35rem; }
`;

/** A page of the stand-in, its banner saying plainly that it is not Google. */
export function page(title: string, body: string, wide = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} - Local Google stand-in</title><style>${STYLE}</style></head><body>
<header class="banner"><strong>Local Google stand-in</strong> - not Google: fake accounts, nothing leaves this computer.</header>
<main${wide ? ' class="wide"' : ''}>${body}</main></body></html>`;
}

const initials = (name: string) =>
  name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2);

/**
 * The consent screen of GET /o/oauth2/v2/auth: pick one of the fake Google users (radio group,
 * keyboard usable), see what the app asks for, then Allow or Cancel. The first account (or the
 * `login_hint` one) is preselected so Allow works straight away.
 */
export function consentPage(consentId: string, consent: PendingConsent): string {
  const hint = consent.loginHint?.toLowerCase();
  const chosen = USERS.find((u) => u.email === hint) ?? USERS[0];
  const accounts = USERS.map((u, i) => {
    const id = `user-${i}`;
    return `<label class="account" for="${id}">
  <input type="radio" id="${id}" name="user" value="${esc(u.email)}" required${u === chosen ? ' checked' : ''} aria-describedby="${id}-note">
  <span class="avatar" aria-hidden="true">${esc(initials(u.name))}</span>
  <span class="who"><span>${esc(u.name)}</span><small>${esc(u.email)}</small><small id="${id}-note">${esc(u.note)}</small></span>
</label>`;
  }).join('\n');
  const scopes = consent.scopes.map((s) => `<li>${esc(SCOPE_TEXT[s] ?? s)}</li>`).join('');
  return page(
    'Sign in with Google',
    `<div class="logo" aria-hidden="true">G Sign in with Google</div>
<h1>Choose an account</h1>
<p class="muted">to continue to <strong>${esc(LOCAL_OAUTH_CLIENT.appName)}</strong></p>
<form method="post" action="/o/oauth2/v2/auth/consent">
  <input type="hidden" name="consent" value="${esc(consentId)}">
  <fieldset><legend>Google account</legend>${accounts}</fieldset>
  <h2 style="font-size:1.05rem;font-weight:600">${esc(LOCAL_OAUTH_CLIENT.appName)} wants to:</h2>
  <ul class="scopes">${scopes}</ul>
  <div class="actions">
    <button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
    <button type="submit" name="decision" value="allow" class="primary">Allow</button>
  </div>
</form>
<p class="note">This is the <strong>Local Google stand-in</strong> of AnalyticOwl's local stack. Pick any account: there are no passwords. Allow returns to the app with a one-time code; Cancel returns with <code>access_denied</code>.</p>`,
  );
}

/** Google's error page for a request it refuses to show consent for ("Error 400: ..."). */
export function errorPage(status: number, error: string, description: string): string {
  return page(
    'Error',
    `<h1>Access blocked: this app's request is invalid</h1>
<p class="error"><strong>Error ${status}: ${esc(error)}</strong></p>
<p>${esc(description)}</p>
<p class="note">The local Google stand-in checks requests as Google does: a registered client_id and redirect_uri, known scopes, and PKCE with <code>code_challenge_method=S256</code>.</p>`,
  );
}
