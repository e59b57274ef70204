// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ClientDialog, timeZoneChoices } from '../../../web/src/companies/client-dialog';
import { HelpDialog } from '../../../web/src/companies/help-dialog';
import { MergeDialog } from '../../../web/src/companies/merge-dialog';
import { renderAt } from '../auth/render-at';
import { fakeReportApi, type Responder } from '../support/report-api';
import { clientInfo, page, row } from './companies-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORGS = [
  { id: 'org-a', name: 'Acme Media' },
  { id: 'org-b', name: 'Beta Media' },
];

function showClient(answers: Record<string, Responder>, clientUid?: string) {
  const calls = fakeReportApi(answers);
  const onSaved = vi.fn();
  renderAt(
    '/ss/clients',
    '/ss/clients',
    <ClientDialog
      clientUid={clientUid}
      organizations={ORGS}
      onSaved={onSaved}
      onClose={() => {}}
    />,
  );
  return { calls, onSaved };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('the create / edit client dialog', () => {
  test('US time zones come first, then the rest of the world', () => {
    const zones = timeZoneChoices();
    expect(zones.slice(0, 3)).toEqual(['America/New_York', 'America/Chicago', 'America/Denver']);
    expect(zones).toContain('Europe/London');
  });

  test('a client without a name is not sent, and the name field says why', async () => {
    const { calls } = showClient({});
    fireEvent.click(await screen.findByRole('button', { name: 'Create client' }));
    await screen.findByText('Enter the client name.');
    expect(field('Client name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.name === 'company_save')).toBe(false);
  });

  test('creating sends the fields with tags as a list, in the chosen organisation', async () => {
    const { calls, onSaved } = showClient({
      company_save: { result: { client_info: clientInfo({ name: 'Zeta Motors' }), created: true } },
    });
    fireEvent.change(field('Client name'), { target: { value: 'Zeta Motors' } });
    fireEvent.change(field('Website'), { target: { value: 'zeta.com' } });
    fireEvent.change(field('Organisation'), { target: { value: 'org-b' } });
    fireEvent.change(field('Post-log time zone'), { target: { value: 'America/Denver' } });
    fireEvent.change(field('Attribution method'), { target: { value: 'pageviews' } });
    fireEvent.change(field('Tags'), { target: { value: 'spring, vip ,' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.name === 'company_save')?.input).toMatchObject({
      org_uid: 'org-b',
      name: 'Zeta Motors',
      website: 'zeta.com',
      postlog_timezone: 'America/Denver',
      attribution_method: 'pageviews',
      tags: ['spring', 'vip'],
      industry_id: null,
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Zeta Motors' }), true);
  });

  test("the server's error about a field shows on that field", async () => {
    showClient({
      company_save: {
        status: 400,
        code: 'validation',
        message: 'A client with this website exists.',
        field: 'website',
      },
    });
    fireEvent.change(field('Client name'), { target: { value: 'Zeta' } });
    fireEvent.change(field('Website'), { target: { value: 'zeta.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create client' }));
    await screen.findByText('A client with this website exists.');
    expect(field('Website').getAttribute('aria-invalid')).toBe('true');
  });

  test('editing loads the client and its reps and saves the changed reps', async () => {
    const { calls } = showClient(
      {
        fetch_client_info: { result: { client_info: clientInfo() } },
        company_save: { result: { client_info: clientInfo(), created: false } },
      },
      'client-1',
    );
    await screen.findByRole('button', { name: 'Save client' });
    expect(field('Client name').value).toBe('Client 1');
    expect(field('Post-log time zone').value).toBe('America/Chicago');
    expect(field('Tags').value).toBe('vip');
    expect((screen.getByRole('checkbox', { name: 'Ada Rep' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bob Rep' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save client' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'company_save')?.input).toMatchObject({
        client_uid: 'client-1',
        rep_uids: ['u-ada', 'u-bob'],
      }),
    );
    expect(calls.find((c) => c.name === 'company_save')?.input).not.toHaveProperty('org_uid');
  });
});

describe('the merge dialog', () => {
  test('confirms what moves and that the duplicate is gone, then merges', async () => {
    const onMerged = vi.fn();
    const calls = fakeReportApi({
      fetch_companies: {
        result: page([
          row(1, { client_name: 'Acme' }),
          row(2, { client_name: 'Acme (duplicate)' }),
          row(3, {
            client_name: 'View only',
            perms: { view: true, edit: false, import: false, share: false, schedule: false },
          }),
        ]),
      },
      fetch_client_info: { result: { client_info: clientInfo({ airings: 340 }) } },
      client_merge: {
        result: {
          into_client_uid: 'client-1',
          moved: { airings: 340, visit_days: 30, reports: 2, shares: 1, locations: 0 },
        },
      },
    });
    renderAt('/x', '/x', <MergeDialog onMerged={onMerged} onClose={() => {}} />);
    const from = (await screen.findByLabelText('Duplicate (removed)')) as HTMLSelectElement;
    await within(from).findByRole('option', { name: 'Acme (duplicate)' });
    expect(within(from).queryByRole('option', { name: 'View only' })).toBeNull();
    fireEvent.change(from, { target: { value: 'client-2' } });
    fireEvent.change(screen.getByLabelText('Client to keep'), { target: { value: 'client-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const confirm = await screen.findByRole('dialog', { name: 'Merge these clients?' });
    await within(confirm).findByText(/340 airings/);
    expect(confirm.textContent).toContain(
      'Everything of Acme (duplicate) (340 airings) moves to Acme: its airings, visits, reports, shares and store locations.',
    );
    expect(confirm.textContent).toContain('Acme (duplicate) is gone afterwards.');
    expect(calls.some((c) => c.name === 'client_merge')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Merge into Acme' }));
    await screen.findByText(/30 days of visits, 2 reports, 1 shares/);
    expect(calls.find((c) => c.name === 'client_merge')?.input).toEqual({
      from_client_uid: 'client-2',
      into_client_uid: 'client-1',
    });
    expect(onMerged).toHaveBeenCalled();
  });

  test('a refused merge shows the server message and merges nothing', async () => {
    fakeReportApi({
      fetch_companies: { result: page([row(1), row(2)]) },
      fetch_client_info: { result: { client_info: clientInfo() } },
      client_merge: { status: 403, code: 'forbidden', message: 'You may not edit Client 1.' },
    });
    const onMerged = vi.fn();
    renderAt('/x', '/x', <MergeDialog fromUid="client-2" onMerged={onMerged} onClose={() => {}} />);
    const into = screen.getByLabelText('Client to keep');
    await within(into).findByRole('option', { name: 'Client 1' });
    fireEvent.change(into, { target: { value: 'client-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Merge into Client 1' }));
    await screen.findByText('You may not edit Client 1.');
    expect(onMerged).not.toHaveBeenCalled();
  });
});

describe('the help dialog', () => {
  test('sends the message to the team with the client attached', async () => {
    const calls = fakeReportApi({ request_help: { result: { sent: true } } });
    renderAt(
      '/x',
      '/x',
      <HelpDialog clientUid="client-4" clientName="Client 4" onClose={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send to the team' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tell us what you need help with.');
    expect(calls.some((c) => c.name === 'request_help')).toBe(false);
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'connection' } });
    fireEvent.change(screen.getByLabelText('Message'), {
      target: { value: 'The GA4 link fails.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to the team' }));
    await screen.findByText(/The team got your message about Client 4/);
    expect(calls.find((c) => c.name === 'request_help')?.input).toEqual({
      client_uid: 'client-4',
      topic: 'connection',
      message: 'The GA4 link fails.',
    });
  });
});
