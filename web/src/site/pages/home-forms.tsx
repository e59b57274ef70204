import { lazy, type MouseEvent, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { SiteSection } from '../site-parts';

// The login box and the contact form bring react-hook-form, zod and Amplify: they load after the
// home page, so its entry chunk stays under the 120 KB budget (bin/bench/site-bench.ts).
const LoginBox = lazy(() => import('../../auth/login-box').then((m) => ({ default: m.LoginBox })));
const ContactForm = lazy(() => import('../contact-form').then((m) => ({ default: m.ContactForm })));

/** Anchor id of the first benefit section, the target of {@link LearnMoreLink}. */
export const LEARN_MORE_ID = 'learn-more';

/** A quiet stand-in while a lazy form loads (announced once, no layout jump to speak of). */
function FormLoading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="form-field__hint" role="status">
          Loading the {label}…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * The landing page's Login box (spec §2 "Landing page": "Also a Login box"). A 401 here is shown
 * by the form, not a redirect: '/' is in PUBLIC_AUTH_PATHS (web/src/auth/install-auth.ts).
 * Google login and the password reset live on /login.
 */
export function HomeLoginSection() {
  return (
    <section className="site-card home-login" aria-labelledby="home-login-title">
      <h2 id="home-login-title">Log in</h2>
      <FormLoading label="login form">
        <LoginBox />
      </FormLoading>
      <p className="form-field__hint">
        <Link to="/login">Log in with Google or reset your password</Link>
      </p>
    </section>
  );
}

/**
 * The landing page's Sign Up section (spec §2: "a Sign Up contact form (subject default Help Me
 * Sign Up)"; the ContactForm's default subject is exactly that).
 */
export function HomeSignUpSection() {
  return (
    <SiteSection id="sign-up" title="Sign up">
      <p>Tell us about your advertising and we will set up your account with you.</p>
      <FormLoading label="sign-up form">
        <ContactForm />
      </FormLoading>
    </SiteSection>
  );
}

/** 'smooth', or 'auto' (a jump) when the visitor asked for reduced motion. */
function scrollBehaviour(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * The "Learn more" button of the hero (spec §2 "a Learn More scroll"): scrolls to the benefit
 * sections (smoothly unless prefers-reduced-motion) and moves focus there, so keyboard and
 * screen-reader users land where the eye does. Without script it is a plain `#learn-more` link.
 */
export function LearnMoreLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(LEARN_MORE_ID);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView?.({ behavior: scrollBehaviour(), block: 'start' });
    target.focus({ preventScroll: true });
  };
  return (
    <a className="site-button site-button--ghost" href={`#${LEARN_MORE_ID}`} onClick={onClick}>
      Learn more<span className="visually-hidden"> about what AnalyticOwl measures</span>
    </a>
  );
}
