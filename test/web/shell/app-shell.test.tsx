// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { QueueItem } from '#shared/contracts/company-queue.schema';
import { AppShell } from '../../../web/src/components/app-shell';
import { ShellFilterPanel, useShellPanels } from '../../../web/src/shell/filter-panel';
import { fakeApi, ok } from '../auth/fake-api';
import { renderAt } from '../auth/render-at';
import { sessionFixture } from '../billing/billing-api';

vi.mock('../../../web/src/auth/session', () => ({
  hasSession: vi.fn(async () => true),
  logOut: vi.fn(async () => undefined),
}));
// The loaded app is an older build than the one the server reports in the version test.
vi.mock('../../../web/src/shell/build-id', () => ({ LOADED_BUILD_ID: '20261126T100000Z' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ROUTES = ['get_session', 'company_queue_monitor', 'company_queue_clear', 'request_help'];

const job = (id: string, over: Partial<QueueItem> = {}): QueueItem => ({
  client_uid: 'c1',
  client_name: 'Acme Cars',
  report_type: 'report',
  id,
  label: 'October report',
  progress: 40,
  complete: false,
  failed: false,
  message: null,
  report_id: null,
  started_at: '2026-11-26T10:00:00Z',
  ...over,
});

function setup({
  user = [] as QueueItem[],
  version = '20261126T100000Z',
  agent = false,
  page = <p>Report body</p>,
  url = '/ss?client=c1',
} = {}) {
  const calls = fakeApi(
    {
      get_session: ok(sessionFixture({ agent })),
      company_queue_monitor: ok({ user, client: [], version }),
      company_queue_clear: ok({ cleared: 1 }),
      request_help: ok({ sent: true }),
    },
    ROUTES,
  );
  const view = renderAt(url, '/ss', <AppShell>{page}</AppShell>);
  const root = view.container.querySelector('.app') as HTMLElement;
  return { calls, root };
}

function FilteredPage() {
  const { openFilter } = useShellPanels();
  return (
    <>
      <button type="button" onClick={openFilter}>
        Show filters
      </button>
      <ShellFilterPanel title="Filter clients">
        <label>
          Only favourites <input type="checkbox" />
        </label>
      </ShellFilterPanel>
    </>
  );
}

describe('app shell panels', () => {
  test('the tasks toggle opens a pushed panel, moves focus into it, and Escape returns focus', async () => {
    const { root } = setup();
    const toggle = screen.getByRole('button', { name: /^Tasks/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);

    const panel = screen.getByRole('complementary', { name: 'Tasks' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(root.classList.contains('pushed')).toBe(true);
    expect(root.classList.contains('tasks-pushed')).toBe(true);
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Tasks' }));

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });

    expect(screen.queryByRole('complementary', { name: 'Tasks' })).toBeNull();
    expect(root.classList.contains('pushed')).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  test('the help toggle opens the hidden panel (hidden-pushed), one right panel at a time', () => {
    const { root } = setup();
    fireEvent.click(screen.getByRole('button', { name: /^Tasks/ }));

    fireEvent.click(screen.getByRole('button', { name: 'Help' }));

    expect(root.classList.contains('hidden-pushed')).toBe(true);
    expect(root.classList.contains('tasks-pushed')).toBe(false);
    const help = screen.getByRole('complementary', { name: 'Help' });
    expect(help.hasAttribute('hidden')).toBe(false);
    expect(help.querySelector('form')?.getAttribute('aria-label')).toBe('Request help');
    expect(screen.queryByRole('complementary', { name: 'Tasks' })).toBeNull();
  });

  test("a page's ShellFilterPanel adds a Filters toggle and fills the filter panel (filtering)", () => {
    const { root } = setup({ page: <FilteredPage /> });

    fireEvent.click(screen.getByRole('button', { name: 'Show filters' }));

    const panel = screen.getByRole('complementary', { name: 'Filter clients' });
    expect(panel.hasAttribute('hidden')).toBe(false);
    expect(panel.textContent).toContain('Only favourites');
    expect(root.classList.contains('filtering')).toBe(true);
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  test('a page without filters shows no Filters toggle', () => {
    setup();

    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
  });

  test('a skip link leads to the page content', () => {
    setup();

    const skip = screen.getByRole('link', { name: 'Skip to content' });

    expect(skip.getAttribute('href')).toBe(`#${screen.getByRole('main').id}`);
  });
});

describe('left menu', () => {
  test('the menu toggle opens the workspace menu (left-menu-open) with its screens', async () => {
    const { root } = setup();
    const toggle = screen.getByRole('button', { name: 'Menu' });

    fireEvent.click(toggle);

    const menu = screen.getByRole('navigation', { name: 'Workspace' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(root.classList.contains('left-menu-open')).toBe(true);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Clients', '/ss/clients'],
      ['Reports', '/ss'],
      ['Generated reports', '/ss/generated'],
      ['Weekly trends', '/ss/trends'],
      ['Response ratings', '/ss/ratings'],
      ['Market Insights', '/ss/market-insights'],
      ['Acquisition calculator', '/ss/calculator'],
      ['Account', '/ss/account'],
    ]);
  });

  test('an open left menu stays open on the next screen (a new shell in the same tab)', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    cleanup();

    const { root } = setup();

    expect(root.classList.contains('left-menu-open')).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Workspace' }).hasAttribute('hidden')).toBe(
      false,
    );
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
  });

  test('an agent also gets the call centre', async () => {
    setup({ agent: true });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));

    const menu = screen.getByRole('navigation', { name: 'Workspace' });

    expect(
      (await within(menu).findByRole('link', { name: 'Call centre' })).getAttribute('href'),
    ).toBe('/call-centre');
  });
});

describe('tasks panel', () => {
  test('shows running jobs with progress, a failure with its message, and a badge count', async () => {
    setup({
      user: [
        job('r1', { progress: 40 }),
        job('i1', {
          report_type: 'postlog_import',
          progress: 20,
          failed: true,
          complete: true,
          message: 'Row 3: the air date is not a date.',
        }),
      ],
    });

    const badge = await screen.findByTestId('tasks-badge');
    fireEvent.click(screen.getByRole('button', { name: /^Tasks/ }));

    expect(badge.textContent).toBe('1');
    expect(
      screen.getByRole('button', { name: 'Tasks, 1 running' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const bar = screen.getByRole('progressbar', { name: 'Report: Acme Cars' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(screen.getByRole('note').textContent).toBe('Row 3: the air date is not a date.');
  });

  test('a finished report links to it', async () => {
    setup({ user: [job('r1', { progress: 100, complete: true, report_id: 'rep9' })] });
    fireEvent.click(screen.getByRole('button', { name: /^Tasks/ }));

    const link = await screen.findByRole('link', { name: 'Open report' });

    expect(link.getAttribute('href')).toBe('/ss?client=c1&report=rep9');
    expect(screen.queryByTestId('tasks-badge')).toBeNull();
  });

  test('Clear removes one job and asks the server to clear it; Clear all clears the queue', async () => {
    const { calls } = setup({ user: [job('r1'), job('r2', { label: 'November report' })] });
    fireEvent.click(screen.getByRole('button', { name: /^Tasks/ }));
    await screen.findByText('November report');

    fireEvent.click(
      screen.getAllByRole('button', { name: 'Clear Report: Acme Cars' })[0] as Element,
    );
    await waitFor(() => expect(screen.queryByText('October report')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Clear all your jobs' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'company_queue_clear').map((c) => c.body)).toEqual([
        { queue: 'user', id: 'r1' },
        { queue: 'user' },
      ]),
    );
  });

  test('a newer server build shows "A new version is available - reload"', async () => {
    setup({ version: '20261126T120000Z' });
    fireEvent.click(screen.getByRole('button', { name: /^Tasks/ }));

    const note = await screen.findByRole('status');

    expect(note.textContent).toContain('A new version is available');
    expect(within(note).getByRole('button', { name: 'reload' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  test('asks for the open client’s jobs', async () => {
    const { calls } = setup({ url: '/ss?client=c7' });

    await waitFor(() =>
      expect(calls.find((c) => c.name === 'company_queue_monitor')?.body).toEqual({
        current_report_client_uid: 'c7',
      }),
    );
  });
});

describe('help panel', () => {
  test('sends a help request with the open client attached; an empty message is refused', async () => {
    const { calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const form = screen.getByRole('form', { name: 'Request help' });

    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    const message = within(form).getByLabelText('Message');
    await waitFor(() => expect(message.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(message.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Tell us what you need help with.');
    fireEvent.change(within(form).getByLabelText('Topic'), { target: { value: 'report' } });
    fireEvent.change(within(form).getByLabelText('Message'), {
      target: { value: 'The report is empty' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));

    await within(form).findByText(/Sent\./);
    expect(calls.filter((c) => c.name === 'request_help').map((c) => c.body)).toEqual([
      { topic: 'report', message: 'The report is empty', client_uid: 'c1' },
    ]);
  });
});
