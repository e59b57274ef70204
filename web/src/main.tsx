import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { NotFound } from './not-found';
import { ReportPage } from './report/report-page';
import './styles.css';

/**
 * Routes: `/` redirects to /ss until the public site exists; `/app` is the spec's other name for
 * the post-login area; anything else is the not-found page (spec §2).
 */
const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/ss" replace /> },
  { path: '/app', element: <Navigate to="/ss" replace /> },
  { path: '/ss', element: <ReportPage /> },
  { path: '*', element: <NotFound /> },
]);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
