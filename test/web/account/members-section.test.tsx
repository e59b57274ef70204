// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { OrganizationMembers } from '#shared/contracts/account-members.schema';
import type { OrganizationView } from '#shared/contracts/account-results.schema';
import { MembersSection } from '../../../web/src/account/members-section';
import { fail, fakeApi, ok } from '../auth/fake-api';
import { renderAt } from '../auth/render-at';
import { sessionFixture } from '../billing/billing-api';

vi.mock('../../../web/src/auth/session', () => ({ hasSession: vi.fn(async () => true) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROUTES = ['get_session', 'organization_members', 'invite_member', 'remove_member'];

const org = (role: OrganizationView['role']): OrganizationView => ({
  org_uid: 'org-a',
  name: 'Acme Group',
  email: 'team@acme.com',
  parent_uid: null,
  sub_org: false,
  role,
  clients: 2,
});

const listing = (over: Partial<OrganizationMembers> = {}): OrganizationMembers => ({
  members: [
    { user_id: 'u1', email: 'ada@acme.com', name: 'Ada Doe', role: 'owner', status: 'active' },
    { user_id: 'amy', email: 'amy@acme.com', name: 'Amy Doe', role: 'member', status: 'active' },
  ],
  seats: { used: 2, limit: 10 },
  ...over,
});

const invited = listing({
  members: [
    ...listing().members,
    {
      user_id: null,
      email: 'carol@x.com',
      name: '',
      role: 'member',
      status: 'invited',
      invited_at: '2024-04-01T12:00:00.000Z',
    },
  ],
  seats: { used: 3, limit: 10 },
});

function show(role: OrganizationView['role'], answers: Parameters<typeof fakeApi>[0] = {}) {
  const calls = fakeApi(
    { get_session: ok(sessionFixture()), organization_members: ok(listing()), ...answers },
    ROUTES,
  );
  const onLeft = vi.fn();
  renderAt('/ss/account', '/ss/account', <MembersSection org={org(role)} onLeft={onLeft} />);
  return {
    calls,
    onLeft,
    section: () => screen.findByRole('region', { name: 'Members of Acme Group' }),
  };
}

const sent = (calls: ReturnType<typeof fakeApi>, name: string) =>
  calls.filter((c) => c.name === name).map((c) => c.body);

describe('members section of an organisation on /ss/account', () => {
  test('an owner invites someone and sees the new invitation and seat count', async () => {
    const { calls, section } = show('owner', { invite_member: ok(invited) });
    const members = within(await section());
    expect(await members.findByText('2 of 10 seats used')).toBeTruthy();

    fireEvent.change(members.getByLabelText('E-mail address'), {
      target: { value: 'Carol@X.com' },
    });
    fireEvent.change(members.getByLabelText('Role'), { target: { value: 'member' } });
    fireEvent.click(members.getByRole('button', { name: 'Invite' }));

    expect(await members.findByText('3 of 10 seats used')).toBeTruthy();
    expect(members.getByText('Invitation sent to carol@x.com.')).toBeTruthy();
    expect(members.getByRole('row', { name: /carol@x\.com/ }).textContent).toContain('Invited');
    expect(sent(calls, 'invite_member')).toEqual([
      { organization_uid: 'org-a', email: 'carol@x.com', role: 'member' },
    ]);
  });

  test("the server's message about the e-mail shows under the field", async () => {
    const message =
      'Your plan includes up to 10 users. Remove someone or contact us about Enterprise.';
    const { section } = show('admin', {
      organization_members: ok(listing({ seats: { used: 10, limit: 10 } })),
      invite_member: fail(400, 'invalid_input', message, 'email'),
    });
    const members = within(await section());
    expect(await members.findByText('10 of 10 seats used')).toBeTruthy();

    const email = members.getByLabelText('E-mail address');
    fireEvent.change(email, { target: { value: 'eleven@x.com' } });
    fireEvent.click(members.getByRole('button', { name: 'Invite' }));

    expect(await members.findByText(message)).toBeTruthy();
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
  });

  test('an invalid e-mail is caught before any call', async () => {
    const { calls, section } = show('owner');
    const members = within(await section());
    await members.findByText('2 of 10 seats used');

    fireEvent.change(members.getByLabelText('E-mail address'), { target: { value: 'nope' } });
    fireEvent.click(members.getByRole('button', { name: 'Invite' }));

    expect(await members.findByText('Invalid email address')).toBeTruthy();
    expect(sent(calls, 'invite_member')).toEqual([]);
  });

  test('Remove asks to confirm first, then removes the member', async () => {
    const { calls, section } = show('owner', {
      remove_member: ok({
        ...listing({ members: [listing().members[0]!], seats: { used: 1, limit: 10 } }),
        left: false,
      }),
    });
    const members = within(await section());

    fireEvent.click(await members.findByRole('button', { name: 'Remove Amy Doe' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove Amy Doe?' }));
    expect(sent(calls, 'remove_member')).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove' }));

    expect(await members.findByText('1 of 10 seats used')).toBeTruthy();
    expect(sent(calls, 'remove_member')).toEqual([{ organization_uid: 'org-a', user_id: 'amy' }]);
    expect(members.queryByText('amy@acme.com')).toBeNull();
  });

  test('Cancel invitation confirms and sends the address; Keep closes without a call', async () => {
    const { calls, section } = show('owner', {
      organization_members: ok(invited),
      remove_member: ok({ ...listing(), left: false }),
    });
    const members = within(await section());

    fireEvent.click(
      await members.findByRole('button', { name: 'Cancel the invitation of carol@x.com' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(members.getByRole('button', { name: 'Cancel the invitation of carol@x.com' }));
    fireEvent.click(
      within(
        screen.getByRole('dialog', { name: 'Cancel the invitation of carol@x.com?' }),
      ).getByRole('button', { name: 'Cancel invitation' }),
    );

    expect(await members.findByText('2 of 10 seats used')).toBeTruthy();
    expect(sent(calls, 'remove_member')).toEqual([
      { organization_uid: 'org-a', email: 'carol@x.com' },
    ]);
  });

  test('a member sees the list read-only and can leave after confirming', async () => {
    // The caller (u1) is a plain member; Amy owns the organisation.
    const asMember = listing({
      members: listing().members.map((m) => ({
        ...m,
        role: m.user_id === 'u1' ? ('member' as const) : ('owner' as const),
      })),
    });
    const { calls, onLeft, section } = show('member', {
      organization_members: ok(asMember),
      remove_member: ok({ members: [], seats: { used: 1, limit: 10 }, left: true }),
    });
    const members = within(await section());
    expect(await members.findByText('Amy Doe')).toBeTruthy();

    expect(members.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(members.queryByRole('form', { name: /Invite/ })).toBeNull();
    fireEvent.click(await members.findByRole('button', { name: 'Leave organization' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave Acme Group?' })).getByRole('button', {
        name: 'Leave organization',
      }),
    );

    await waitFor(() => expect(onLeft).toHaveBeenCalledTimes(1));
    expect(sent(calls, 'remove_member')).toEqual([{ organization_uid: 'org-a', user_id: 'u1' }]);
  });

  test('the last owner is not offered Leave organization', async () => {
    const { section } = show('owner');
    const members = within(await section());

    expect(await members.findByText('Amy Doe')).toBeTruthy();
    expect(members.queryByRole('button', { name: 'Leave organization' })).toBeNull();
  });

  test('a failed load shows the error; no members shows the empty state', async () => {
    const { section } = show('owner', {
      organization_members: fail(404, 'not_found', 'Organization not found.'),
    });
    const members = within(await section());

    expect((await members.findByRole('alert')).textContent).toContain('Organization not found.');
    cleanup();
    const empty = show('owner', {
      organization_members: ok(listing({ members: [], seats: { used: 0, limit: null } })),
    });
    const none = within(await empty.section());
    expect(await none.findByText('No members yet.')).toBeTruthy();
    expect(none.getByText('0 seats used (no limit)')).toBeTruthy();
  });
});
