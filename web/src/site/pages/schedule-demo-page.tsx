import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHero } from '../site-parts';

/** A report-like picture: bars for visits per airing. */
function ReportFigure() {
  return (
    <svg viewBox="0 0 240 140" className="site-figure" role="img" aria-labelledby="demo-fig-1">
      <title id="demo-fig-1">Visits per Airing by daypart, as a bar chart</title>
      <rect width="240" height="140" rx="10" fill="#f1faee" />
      {[40, 72, 55, 96, 64].map((h, i) => (
        <rect key={h} x={24 + i * 42} y={120 - h} width="28" height={h} rx="4" fill="#2a6f97" />
      ))}
    </svg>
  );
}

/** A calendar picture for picking the demo time. */
function CalendarFigure() {
  return (
    <svg viewBox="0 0 240 140" className="site-figure" role="img" aria-labelledby="demo-fig-2">
      <title id="demo-fig-2">A calendar with a demo slot picked</title>
      <rect width="240" height="140" rx="10" fill="#f1faee" />
      <rect x="20" y="18" width="200" height="22" rx="4" fill="#1d3557" />
      {Array.from({ length: 12 }, (_, i) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative grid
          key={i}
          x={24 + (i % 4) * 50}
          y={50 + Math.floor(i / 4) * 28}
          width="42"
          height="20"
          rx="3"
          fill={i === 6 ? '#f4a261' : '#dfe4ec'}
        />
      ))}
    </svg>
  );
}

/**
 * The schedule-your-demo page (spec §2): two images and a heading; the scheduling form itself is
 * not built yet (the spec calls it a placeholder), so a `scheduler` slot takes it when there is
 * one, and until then the page points to the contact form.
 */
export function ScheduleDemoPage({ scheduler }: { scheduler?: ReactNode }) {
  return (
    <>
      <PageHero title="Schedule your demo">
        <p>
          Thirty minutes, your airings, your website. We show you Visits per Airing by daypart,
          station and creative, and what a visit cost you.
        </p>
      </PageHero>
      <div className="site-grid site-grid--two">
        <ReportFigure />
        <CalendarFigure />
      </div>
      {scheduler ?? (
        <p className="site-note">
          Tell us two or three times that suit you on the <Link to="/contact-us">contact form</Link>{' '}
          and we will confirm one by e-mail.
        </p>
      )}
    </>
  );
}
