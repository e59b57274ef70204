/** Props of {@link NotAgent}. */
export interface NotAgentProps {
  /**
   * The server's message when the refusal was `mfa_required` (an agent or staff account without
   * an authenticator app, e.g. signed in with tokens taken straight from the user pool); null
   * for an account outside the agent and staff groups. @default null
   */
  mfaMessage?: string | null;
  onLogOut: () => void;
}

/**
 * Why the call centre refused the signed-in account (a 403 from cls_*): not an agent, or an
 * agent without an authenticator app, who must log in again through the login page to add one.
 */
export function NotAgent({ mfaMessage = null, onLogOut }: NotAgentProps) {
  return (
    <div className="cc-card cc-gate" role="alert">
      <h2 className="cc-card__title">
        {mfaMessage ? 'Authenticator app needed' : 'Not a call-centre agent'}
      </h2>
      <p>
        {mfaMessage ??
          'This account is not a call-centre agent. Ask your manager to add you to the agents group.'}
      </p>
      <button type="button" className="button button--primary" onClick={onLogOut}>
        Log out
      </button>
    </div>
  );
}
