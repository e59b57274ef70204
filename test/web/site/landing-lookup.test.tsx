// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  LandingLookup,
  LOOKUP_TERMS_HINT,
  LOOKUP_URL_HINT,
  SAMPLE_TRENDS_NOTE,
} from '../../../web/src/site/landing-lookup';

const READY_INDUSTRIES = {
  status: 'ready',
  items: [
    { id: '1', name: 'Automotive', parent_name: 'Automotive' },
    {
      id: '2',
      name: 'Auto Repair',
      parent_name: 'Automotive',
      trends: { avg_newusers_delta_pct_from_prev: 4.25 },
    },
    {
      id: '3',
      name: 'Furniture',
      parent_name: 'Home & Garden',
      trends: { avg_newusers_delta_pct_from_prev: -3 },
    },
  ],
} as const;
/** What useIndustries answers in a test (READY_INDUSTRIES unless a test swaps it). */
let industriesNow: { status: 'ready'; items: readonly object[] } = READY_INDUSTRIES;
const READY_REGIONS = {
  status: 'ready',
  items: [
    { id: '501', name: 'New York, NY', parent: 'NY' },
    { id: '602', name: 'Chicago, IL', parent: 'IL' },
  ],
} as const;
vi.mock('../../../web/src/auth/use-lookups', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../web/src/auth/use-lookups')>()),
  useIndustries: () => industriesNow,
  useRegions: () => READY_REGIONS,
}));

afterEach(() => {
  cleanup();
  industriesNow = READY_INDUSTRIES;
});

function renderLookup() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingLookup /> },
      { path: '/ss', element: <p>Report app</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  const here = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, here };
}

const website = () => screen.getByRole('textbox', { name: 'Website' });
const terms = () => screen.getByRole('checkbox', { name: /I accept the terms and conditions/ });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Look up my site' }));
const dropdownButton = (label: string) =>
  screen.getByRole('button', { name: new RegExp(`^${label} `) });

describe('landing lookup form (spec §2 "Landing page", §5 "Landing lookup")', () => {
  test('the industry picker defaults to All Industries and the market to Nationwide', () => {
    renderLookup();

    expect(dropdownButton('Industry').textContent).toBe('All Industries');
    expect(dropdownButton('Market').textContent).toBe('Nationwide');
  });

  test('without the terms ticked nothing navigates, and the hint says why', () => {
    const { here } = renderLookup();
    fireEvent.change(website(), { target: { value: 'example.com' } });

    submit();

    expect(here()).toBe('/');
    expect(screen.getByText(LOOKUP_TERMS_HINT)).toBeTruthy();
    expect(terms().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(terms());
    expect(screen.queryByText(LOOKUP_URL_HINT)).toBeNull();
  });

  test.each(['example.com/about', 'localhost', 'https://', ''])(
    'with the website %j nothing navigates, and the hint says why',
    (typed) => {
      const { here } = renderLookup();
      fireEvent.change(website(), { target: { value: typed } });
      fireEvent.click(terms());

      submit();

      expect(here()).toBe('/');
      const hint = screen.getByText(LOOKUP_URL_HINT);
      expect(website().getAttribute('aria-describedby')).toBe(hint.id);
      expect(document.activeElement).toBe(website());
    },
  );

  test('the hint goes away once the website is fixed', () => {
    renderLookup();
    submit();
    expect(screen.getByText(LOOKUP_URL_HINT)).toBeTruthy();

    fireEvent.change(website(), { target: { value: 'example.com' } });

    expect(screen.queryByText(LOOKUP_URL_HINT)).toBeNull();
  });

  test('a good submit opens /ss/ with type, the stripped url, industry and market', () => {
    const { here } = renderLookup();
    fireEvent.click(screen.getByRole('radio', { name: /Agency/ }));
    fireEvent.change(website(), { target: { value: ' https://WWW.Example.com ' } });
    fireEvent.click(dropdownButton('Industry'));
    fireEvent.click(screen.getByRole('option', { name: /Furniture/ }));
    fireEvent.click(dropdownButton('Market'));
    fireEvent.click(screen.getByRole('option', { name: 'Chicago, IL' }));
    fireEvent.click(terms());

    submit();

    expect(here()).toBe('/ss/?type=agency&url=www.example.com&industry=3&market=602');
    expect(screen.getByText('Report app')).toBeTruthy();
  });

  test('an advertiser with no picks opens /ss/ without industry and market', () => {
    const { here } = renderLookup();
    fireEvent.change(website(), { target: { value: 'example.com' } });
    fireEvent.click(terms());

    submit();

    expect(here()).toBe('/ss/?type=self&url=example.com');
  });

  test('markets are grouped by their parent state', () => {
    renderLookup();

    fireEvent.click(dropdownButton('Market'));

    const group = screen.getByRole('group', { name: 'IL' });
    expect(within(group).getByRole('option', { name: 'Chicago, IL' })).toBeTruthy();
  });

  test('trend badges show for reps and agencies, only on industries that carry a trend', () => {
    renderLookup();
    fireEvent.click(screen.getByRole('radio', { name: /Media rep or station/ }));

    fireEvent.click(dropdownButton('Industry'));

    expect(screen.getByRole('option', { name: 'Auto Repair weekly trend +4.3%' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Furniture weekly trend −3.0%' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Automotive' })).toBeTruthy();
  });

  test('advertisers (user type self) see no trend badges', () => {
    renderLookup();

    fireEvent.click(dropdownButton('Industry'));

    expect(screen.getByRole('option', { name: 'Auto Repair' })).toBeTruthy();
    expect(screen.queryByText(/weekly trend [+−]/)).toBeNull();
    expect(document.querySelector('.landing-lookup__trend')).toBeNull();
  });

  test('the industry picker explains weekly trends over the last three weeks', () => {
    renderLookup();

    const help = screen.getByText('What are weekly trends?').closest('details');

    expect(help?.textContent).toMatch(/week over week, averaged over the last three weeks/);
  });

  test('the help says so when the trends come from sample-data advertisers', () => {
    renderLookup();
    const realHelp = screen.getByText('What are weekly trends?').closest('details')?.textContent;
    cleanup();
    industriesNow = {
      status: 'ready',
      items: [
        {
          id: '3',
          name: 'Furniture',
          parent_name: 'Home & Garden',
          trends: { avg_newusers_delta_pct_from_prev: 2, sample_data: true },
        },
      ],
    };

    renderLookup();
    const sampleHelp = screen.getByText('What are weekly trends?').closest('details')?.textContent;

    expect(realHelp).not.toContain(SAMPLE_TRENDS_NOTE);
    expect(sampleHelp).toContain(SAMPLE_TRENDS_NOTE);
  });

  test('the terms checkbox links to the terms and conditions', () => {
    renderLookup();

    const link = screen.getByRole('link', { name: 'terms and conditions' });

    expect(link.getAttribute('href')).toBe('/terms-and-conditions');
  });
});
