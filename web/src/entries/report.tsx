import { Navigate } from 'react-router-dom';
import { LandingOrReport } from '../preview/landing-or-report';
import { AccountRoute } from '../report/report-route';
import { mountApp } from './mount';

/**
 * The report app's entry (web/ss.html; spec §2 "report/ratings app", "The post-login area is
 * route app, also reachable at /ss"): the report screen and the account screen, behind a session.
 * Its own bundle with Amplify and the charts: the public pages never download it.
 */
mountApp('report', [
  { path: '/app', element: <Navigate to="/ss" replace /> },
  // The landing lookup's parameters open the public preview instead (web/src/preview).
  { path: '/ss', element: <LandingOrReport /> },
  { path: '/ss/account', element: <AccountRoute /> },
  {
    path: '/ss/trends',
    lazy: () => import('../trends/trends-route').then((m) => ({ Component: m.TrendsRoute })),
  },
  {
    path: '/ss/clients',
    lazy: () => import('../companies/clients-route').then((m) => ({ Component: m.ClientsRoute })),
  },
  {
    path: '/ss/generated',
    lazy: () =>
      import('../families/generated-route').then((m) => ({ Component: m.GeneratedRoute })),
  },
  {
    path: '/ss/ratings',
    lazy: () => import('../ratings/ratings-route').then((m) => ({ Component: m.RatingsRoute })),
  },
  {
    path: '/ss/market-insights',
    lazy: () =>
      import('../ratings/market-insights-route').then((m) => ({
        Component: m.MarketInsightsRoute,
      })),
  },
  {
    path: '/ss/calculator',
    lazy: () =>
      import('../acquisition/calculator-route').then((m) => ({ Component: m.CalculatorRoute })),
  },
  { path: '/ss/*', element: <Navigate to="/ss" replace /> },
]);
