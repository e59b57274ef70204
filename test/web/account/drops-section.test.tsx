// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { OrganizationView } from '#shared/contracts/account-results.schema';
import type { DropView, ListDropsResult } from '#shared/contracts/drops.schema';
import { DropsSection } from '../../../web/src/account/drops-section';
import { fail, fakeApi, ok } from '../auth/fake-api';
import { renderAt } from '../auth/render-at';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

const writeText = vi.fn(async (_text: string) => {});
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROUTES = ['list_drops', 'create_drop', 'revoke_drop'];
const KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF8cThnoFRWtA2qwMjC9CnrRuq8d4BmRYhUPhUui3ViN uploader@station';

const org: OrganizationView = {
  org_uid: 'org-a',
  name: 'Acme Group',
  email: 'team@acme.com',
  parent_uid: null,
  sub_org: false,
  role: 'owner',
  clients: 2,
};

const drop = (over: Partial<DropView> = {}): DropView => ({
  drop_id: 'd1',
  org_uid: 'org-a',
  client_uid: 'c-acme',
  client_name: 'Acme',
  label: 'WXYZ traffic system',
  mode: 'folder',
  username: '',
  key_fingerprint: null,
  status: 'active',
  created_at: '2026-01-05T12:00:00.000Z',
  created_by_email: 'ada@acme.com',
  revoked_at: null,
  last_used_at: null,
  last_result: null,
  ...over,
});

const listing = (over: Partial<ListDropsResult> = {}): ListDropsResult => ({
  mode: 'folder',
  drops: [],
  clients: [
    { client_uid: 'c-acme', name: 'Acme' },
    { client_uid: 'c-beta', name: 'Beta' },
  ],
  ...over,
});

function show(answers: Parameters<typeof fakeApi>[0]) {
  const calls = fakeApi(answers, ROUTES);
  renderAt('/ss/account', '/ss/account', <DropsSection org={org} />);
  return {
    calls,
    section: () => screen.findByRole('region', { name: 'Post-log drops of Acme Group' }),
  };
}

const sent = (calls: ReturnType<typeof fakeApi>, name: string) =>
  calls.filter((c) => c.name === name).map((c) => c.body);

describe('post-log drops of an organisation on /ss/account', () => {
  test('with none yet it says so and offers the form', async () => {
    const { section } = show({ list_drops: ok(listing()) });
    const drops = within(await section());

    expect(await drops.findByText(/No drops yet/)).toBeTruthy();
    expect(drops.getByRole('button', { name: 'Create drop' })).toBeTruthy();
  });

  test('an owner makes a drop for one client and gets its folder once, with a Copy button', async () => {
    const made = drop();
    const { calls, section } = show({
      list_drops: ok(listing()),
      create_drop: ok({
        drop: made,
        connection: { mode: 'folder', path: '/data/drops/org-a/c-acme/' },
      }),
    });
    const drops = within(await section());
    await drops.findByText(/No drops yet/);

    fireEvent.change(drops.getByLabelText('Post-logs for'), { target: { value: 'c-acme' } });
    fireEvent.change(drops.getByLabelText('Uploader'), {
      target: { value: 'WXYZ traffic system' },
    });
    fireEvent.click(drops.getByRole('button', { name: 'Create drop' }));
    const folder = await drops.findByLabelText('Folder');
    fireEvent.click(drops.getByRole('button', { name: 'Copy folder' }));

    expect(sent(calls, 'create_drop')).toEqual([
      { client_uid: 'c-acme', label: 'WXYZ traffic system' },
    ]);
    expect((folder as HTMLInputElement).value).toBe('/data/drops/org-a/c-acme/');
    expect(await drops.findByText('Folder copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('/data/drops/org-a/c-acme/');
    expect(drops.getByRole('row', { name: /WXYZ traffic system/ }).textContent).toContain('Active');

    fireEvent.click(drops.getByRole('button', { name: 'I have copied them' }));
    expect(drops.queryByLabelText('Folder')).toBeNull();
  });

  test('over SFTP a missing key is named under its field before any call; then host, user and folder show', async () => {
    const made = drop({ mode: 'sftp', username: 'drop-d1', key_fingerprint: 'SHA256:Wirst' });
    const { calls, section } = show({
      list_drops: ok(listing({ mode: 'sftp' })),
      create_drop: ok({
        drop: made,
        connection: {
          mode: 'sftp',
          host: 's-1.server.transfer.us-east-1.amazonaws.com',
          port: 22,
          user: 'drop-d1',
          path: '/',
        },
      }),
    });
    const drops = within(await section());
    fireEvent.change(await drops.findByLabelText('Uploader'), { target: { value: 'WXYZ' } });

    fireEvent.click(drops.getByRole('button', { name: 'Create drop' }));
    expect(await drops.findByText(/Paste the SSH public key/)).toBeTruthy();
    expect(sent(calls, 'create_drop')).toEqual([]);
    fireEvent.change(drops.getByLabelText('SSH public key of the uploading system'), {
      target: { value: KEY },
    });
    fireEvent.click(drops.getByRole('button', { name: 'Create drop' }));

    expect(((await drops.findByLabelText('Host')) as HTMLInputElement).value).toBe(
      's-1.server.transfer.us-east-1.amazonaws.com',
    );
    expect((drops.getByLabelText('User') as HTMLInputElement).value).toBe('drop-d1');
    expect(sent(calls, 'create_drop')).toEqual([
      { organization_uid: 'org-a', label: 'WXYZ', ssh_public_key: KEY },
    ]);
  });

  test('the list shows each drop last file and use; Revoke asks first, Keep changes nothing', async () => {
    const used = drop({
      last_used_at: '2026-01-06T15:30:00.000Z',
      last_result: {
        file: 'june.csv',
        status: 'review',
        postlog_id: 'p1',
        summary: '2 rows with errors: waiting for review',
        at: '2026-01-06T15:30:00.000Z',
      },
    });
    const { calls, section } = show({
      list_drops: ok(listing({ drops: [used] })),
      revoke_drop: ok({
        drop: { ...used, status: 'revoked', revoked_at: '2026-01-07T00:00:00.000Z' },
      }),
    });
    const drops = within(await section());
    const row = await drops.findByRole('row', { name: /WXYZ traffic system/ });
    expect(row.textContent).toContain('june.csv');
    expect(row.textContent).toContain('Waiting for review');

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke WXYZ traffic system' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: /Revoke the drop/ })).getByRole('button', {
        name: 'Keep',
      }),
    );
    expect(sent(calls, 'revoke_drop')).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke WXYZ traffic system' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: /Revoke the drop/ })).getByRole('button', {
        name: 'Revoke drop',
      }),
    );

    expect(
      await drops.findByText(/is revoked: its uploader can no longer send files/),
    ).toBeTruthy();
    expect(sent(calls, 'revoke_drop')).toEqual([{ drop_id: 'd1' }]);
    expect(drops.getByRole('row', { name: /WXYZ traffic system/ }).textContent).toContain(
      'Revoked',
    );
  });

  test('a failed list shows the server message; drops off says so and offers no form', async () => {
    show({
      list_drops: fail(
        403,
        'forbidden',
        'Only owners and admins of the organization can manage drops.',
      ),
    });
    expect(
      await screen.findByText('Only owners and admins of the organization can manage drops.'),
    ).toBeTruthy();
    cleanup();

    const { section } = show({ list_drops: ok(listing({ mode: 'off' })) });
    const drops = within(await section());
    expect(await drops.findByText(/not enabled on this deployment/)).toBeTruthy();
    expect(drops.queryByRole('button', { name: 'Create drop' })).toBeNull();
  });
});
