import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The top band of a marketing page: its only h1 plus an optional lead paragraph. */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="site-hero">
      <h1>{title}</h1>
      {children && <div className="site-hero__lead">{children}</div>}
    </header>
  );
}

/** Props of {@link SiteSection}. */
export interface SiteSectionProps {
  /** The anchor id, so jump links (`#id`) land on it. */
  id?: string;
  title: string;
  children: ReactNode;
  /** A call to action under the text. @default none */
  action?: ReactNode;
}

/** One titled section of a marketing page (h2), optionally with a call to action. */
export function SiteSection({ id, title, children, action }: SiteSectionProps) {
  return (
    <section className="site-section" id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      {children}
      {action && <div className="site-actions">{action}</div>}
    </section>
  );
}

/** A button-styled link back to the home page, where a campaign can be measured (spec §2). */
export function HomeButton({ children }: { children: ReactNode }) {
  return (
    <Link className="site-button" to="/">
      {children}
    </Link>
  );
}

/** The "Last updated" line of a legal page. */
export function LegalDate({ label, date }: { label: string; date: string }) {
  return (
    <p className="site-legal__date">
      {label}: {date}
    </p>
  );
}
