import { useState } from 'react';
import { startConnection } from '../../api/use-connection-start';
import { connectionProblem } from './connection-errors';
import { forgetGrant, readStartLink } from './connection-storage';
import { GoogleMark } from './google-mark';

/** Props of {@link TryAgainWithGoogle}. */
export interface TryAgainWithGoogleProps {
  /** The button's words. */
  label: string;
  /** Sends the browser to Google's sign-in address. */
  goTo: (url: string) => void;
}

/**
 * Signs in with Google again from the finish page (another Google account, or after a cancelled
 * or refused sign-in): connection_start with the link this tab opened, then Google's sign-in
 * page. A tab that never opened the link (or whose link is over) is told to open it again.
 */
export function TryAgainWithGoogle({ label, goTo }: TryAgainWithGoogleProps) {
  const [link] = useState(readStartLink);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!link)
    return (
      <p>
        To try again, open the connection link from your invitation e-mail and sign in with the
        Google account that can read your Google Analytics.
      </p>
    );

  const again = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const start = await startConnection(link);
      forgetGrant();
      goTo(start.authorize_url);
    } catch (error) {
      setBusy(false);
      setProblem(connectionProblem(error));
    }
  };

  return (
    <>
      {problem && <p className="connection-problem__again">{problem}</p>}
      <button
        type="button"
        className="site-google"
        onClick={() => void again()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        <GoogleMark />
        {busy ? 'Opening Google…' : label}
      </button>
    </>
  );
}
