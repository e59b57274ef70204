import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useBrand } from '../components/brand-context';
import { OwlLogo } from '../components/owl-logo';

/** Props of the public account page layout. */
export interface AuthLayoutProps {
  /** The page heading; also the document title ("<title> · AnalyticOwl"). */
  title: string;
  /** A line under the heading. @default none */
  intro?: ReactNode;
  /** `wide` for the registration form. @default 'narrow' */
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/**
 * The frame of the public account screens (spec §2 login, reset-password, verify-email; the
 * login-only page "shows the site header logo"): a slim header with the brand, one centred
 * card with the heading, and the footer with the copyright range from 2014.
 */
export function AuthLayout({ title, intro, width = 'narrow', children }: AuthLayoutProps) {
  // The ratings site reuses these screens under its own name and logo (brand-context.tsx).
  const brand = useBrand();
  useEffect(() => {
    document.title = `${title} · ${brand.name}`;
  }, [title, brand.name]);
  return (
    <div className="app auth">
      <header className="app-header">
        <div className="container app-header__inner">
          <Link to={brand.id === 'analyticowl' ? '/login' : '/'} className="brand">
            {brand.id === 'analyticowl' ? (
              <OwlLogo />
            ) : (
              <img src={brand.logo} alt="" width={32} height={32} />
            )}
            <span className="brand__name">{brand.name}</span>
          </Link>
        </div>
      </header>
      <main className={`auth__main auth__main--${width}`}>
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth-card__title">
            {title}
          </h1>
          {intro && <p className="auth-card__intro">{intro}</p>}
          {children}
        </section>
      </main>
      <footer className="app-footer">
        <div className="container">
          © 2014–{new Date().getFullYear()} {brand.name}
        </div>
      </footer>
    </div>
  );
}
