import { useLocation } from 'react-router-dom';
import { LoginBox } from '../auth/login-box';

/**
 * The Username/Password box (spec §2 "shown unless logged in"). It is the product's real login
 * (rest_login, Cognito tokens), not the spec's fixed credentials checked in the browser: after
 * signing in it comes back to this address (uid kept), and the server decides who is an agent.
 */
export function AgentLogin() {
  const { pathname, search } = useLocation();
  return (
    <section className="cc-card cc-gate" aria-labelledby="cc-login-title">
      <h2 id="cc-login-title" className="cc-card__title">
        Agent log in
      </h2>
      <p className="cc-muted">Log in with your AnalyticOwl account to start calling.</p>
      <LoginBox next={`${pathname}${search}`} />
      <p className="cc-muted">
        Forgot your password? <a href="/login">Reset it on the login page</a>.
      </p>
    </section>
  );
}
