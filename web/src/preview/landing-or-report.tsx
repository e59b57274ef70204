import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { hasLookupParams } from '../lib/landing-lookup';
import { ReportRoute } from '../report/report-route';

const PreviewRoute = lazy(() =>
  import('./preview-route').then((m) => ({ default: m.PreviewRoute })),
);

/**
 * /ss: the landing lookup's public preview when the address carries its parameters (type, url,
 * industry, market; spec §2 "Landing page"), before any session check sends a visitor to log in;
 * else the report screen behind a session.
 */
export function LandingOrReport() {
  const location = useLocation();
  if (!hasLookupParams(new URLSearchParams(location.search))) return <ReportRoute />;
  return (
    <Suspense
      fallback={
        <p className="visually-hidden" role="status">
          Loading…
        </p>
      }
    >
      <PreviewRoute />
    </Suspense>
  );
}
