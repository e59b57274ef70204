import { useState } from 'react';
import type { AuthConfig } from '#shared/contracts/account-results.schema';
import { startGoogleSignIn } from './google-sign-in';

/** Props of the Google sign-in button. */
export interface GoogleButtonProps {
  /** GET auth_config's answer; null when it failed, undefined while loading. */
  config: AuthConfig | null | undefined;
  /** True while auth_config loads. @default false */
  loading?: boolean;
  /** Where to return after signing in (the /login `next` query). @default none (/ss) */
  next?: string | null;
}

/** The note shown when the server has no Google identity provider. */
export const GOOGLE_NOT_SET_UP = "Google sign-in isn't set up on this server.";

/**
 * "Sign in with Google" (spec §2 login "Google sign-in button"; §6 "Google login ... toggled by
 * props"): enabled only when auth_config.google is set; it leaves for Cognito's hosted UI with a
 * fresh `state` and PKCE challenge (google-sign-in.ts), which returns to /login?code=&state=.
 * Otherwise it is disabled with a short note.
 */
export function GoogleButton({ config, loading = false, next = null }: GoogleButtonProps) {
  const authorizeUrl = config?.google?.authorize_url;
  const unavailable = !loading && !authorizeUrl;
  const [leaving, setLeaving] = useState(false);
  const start = () => {
    if (!authorizeUrl) return;
    setLeaving(true);
    void startGoogleSignIn(authorizeUrl, next).then(
      (url) => window.location.assign(url),
      () => setLeaving(false),
    );
  };
  return (
    <div className="google-signin">
      <button
        type="button"
        className="button google-signin__button"
        disabled={!authorizeUrl || leaving}
        aria-describedby={unavailable ? 'google-note' : undefined}
        onClick={start}
      >
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path
            fill="#EA4335"
            d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.6 17.7 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z"
          />
          <path
            fill="#FBBC05"
            d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.3.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.3 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z"
          />
        </svg>
        Sign in with Google
      </button>
      {unavailable && (
        <p id="google-note" className="form-field__hint google-signin__note">
          {GOOGLE_NOT_SET_UP}
        </p>
      )}
    </div>
  );
}
