/** The message for a signed-in account outside the agent and staff groups (a 403 from cls_*). */
export function NotAgent({ onLogOut }: { onLogOut: () => void }) {
  return (
    <div className="cc-card cc-gate" role="alert">
      <h2 className="cc-card__title">Not a call-centre agent</h2>
      <p>
        This account is not a call-centre agent. Ask your manager to add you to the agents group.
      </p>
      <button type="button" className="button button--primary" onClick={onLogOut}>
        Log out
      </button>
    </div>
  );
}
