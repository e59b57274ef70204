import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { UserMenu } from '../account/user-menu';
import { OwlLogo } from './owl-logo';

/** Props of the app shell. */
export interface AppShellProps {
  /** Controls shown on the right of the header (the client picker). @default none */
  headerControls?: ReactNode;
  children: ReactNode;
}

/** Header (logo, name, header controls, user menu), the 1200px content column and the footer (spec §9 layout). */
export function AppShell({ headerControls, children }: AppShellProps) {
  return (
    <div className="app">
      <header className="app-header">
        <div className="container app-header__inner">
          <Link to="/ss" className="brand">
            <OwlLogo />
            <span className="brand__name">AnalyticOwl</span>
          </Link>
          <nav aria-label="Primary" className="app-nav">
            <Link to="/ss" className="app-nav__link">
              Reports
            </Link>
          </nav>
          <div className="app-header__controls">
            {headerControls}
            <UserMenu />
          </div>
        </div>
      </header>
      <main className="container app-main">{children}</main>
      <footer className="app-footer">
        <div className="container">© 2014–{new Date().getFullYear()} AnalyticOwl</div>
      </footer>
    </div>
  );
}
