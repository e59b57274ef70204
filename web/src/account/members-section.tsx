import { useCallback, useState } from 'react';
import type {
  MemberView,
  OrganizationMembers,
  RemoveMemberResult,
} from '#shared/contracts/account-members.schema';
import type { OrganizationView } from '#shared/contracts/account-results.schema';
import { callRoute, errorMessage } from '../api/client';
import { useOrganizationMembers } from '../api/use-organization-members';
import { FormAlert } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';
import { InviteMemberForm } from './invite-member-form';
import { MembersTable } from './members-table';
import { useSession } from './use-account';

/** What the confirm dialog is about: removing a row, or the user leaving. */
type Pending = { kind: 'remove'; member: MemberView } | { kind: 'leave' };

/** "3 of 10 seats used", or without a cap "12 seats used (no limit)". */
export function seatsText(seats: OrganizationMembers['seats']): string {
  return seats.limit === null
    ? `${seats.used} seats used (no limit)`
    : `${seats.used} of ${seats.limit} seats used`;
}

/** Props of {@link MembersSection}. */
export interface MembersSectionProps {
  org: OrganizationView;
  /** Called after the user left the organisation (refresh the organisations). */
  onLeft: () => void;
}

/**
 * The "Members" part of one organisation on /ss/account (organization_members, invite_member,
 * remove_member): owners and admins see the members and invitations with Remove / Cancel
 * invitation (confirmed first), an Invite form and the seats used; members see the list
 * read-only. Everyone may leave (the last owner is refused by the server).
 */
export function MembersSection({ org, onLeft }: MembersSectionProps) {
  const members = useOrganizationMembers(org.org_uid);
  const session = useSession();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const manages = org.role !== 'member';
  const titleId = `members-${org.org_uid}`;
  const selfId = session.data?.user_id;
  // The last owner cannot leave (the server refuses it), so the button is not offered.
  const owners = (members.data?.members ?? []).filter(
    (m) => m.role === 'owner' && m.status === 'active',
  );
  const lastOwner = owners.length === 1 && owners[0]?.user_id === selfId;
  const { mutate } = members;

  const show = useCallback(
    (result: OrganizationMembers) => void mutate(result, { revalidate: false }),
    [mutate],
  );
  const askRemove = useCallback((member: MemberView) => {
    setProblem(null);
    setPending({ kind: 'remove', member });
  }, []);

  const confirm = async (what: Pending) => {
    setBusy(true);
    setProblem(null);
    try {
      const target =
        what.kind === 'leave'
          ? { user_id: selfId }
          : what.member.status === 'invited'
            ? { email: what.member.email }
            : { user_id: what.member.user_id };
      const result = await callRoute<RemoveMemberResult>('remove_member', {
        organization_uid: org.org_uid,
        ...target,
      });
      if (result.left) onLeft();
      else show(result);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const data = members.data;
  return (
    <section className="account__members" aria-labelledby={titleId}>
      <h3 id={titleId} className="account__subtitle">
        Members of {org.name}
      </h3>
      <FormAlert message={problem ?? (members.error ? errorMessage(members.error) : null)} />
      {members.isLoading && <p className="form-field__hint">Loading members…</p>}
      {data && (
        <>
          <p className="form-field__hint">{seatsText(data.seats)}</p>
          <MembersTable
            caption={`Members of ${org.name}`}
            members={data.members}
            onRemove={manages ? askRemove : undefined}
            selfId={selfId}
          />
        </>
      )}
      {manages && data && (
        <InviteMemberForm
          organizationUid={org.org_uid}
          organizationName={org.name}
          onInvited={show}
        />
      )}
      {selfId && !lastOwner && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setProblem(null);
            setPending({ kind: 'leave' });
          }}
        >
          Leave organization
        </button>
      )}
      {pending && (
        <ModalDialog
          title={dialogTitle(pending, org.name)}
          onClose={() => setPending(null)}
          footer={
            <>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => void confirm(pending)}
              >
                {busy ? 'Working…' : confirmLabel(pending)}
              </button>
              <button type="button" className="button" onClick={() => setPending(null)}>
                Keep
              </button>
            </>
          }
        >
          <p>{dialogText(pending, org.name)}</p>
        </ModalDialog>
      )}
    </section>
  );
}

function dialogTitle(p: Pending, orgName: string): string {
  if (p.kind === 'leave') return `Leave ${orgName}?`;
  if (p.member.status === 'invited') return `Cancel the invitation of ${p.member.email}?`;
  return `Remove ${p.member.name || p.member.email}?`;
}

function confirmLabel(p: Pending): string {
  if (p.kind === 'leave') return 'Leave organization';
  return p.member.status === 'invited' ? 'Cancel invitation' : 'Remove';
}

function dialogText(p: Pending, orgName: string): string {
  if (p.kind === 'leave')
    return `You will no longer see ${orgName}'s clients or share its plan. An owner or admin can invite you again.`;
  if (p.member.status === 'invited')
    return `${p.member.email} will not join ${orgName} and the seat is freed.`;
  return `${p.member.name || p.member.email} will no longer see ${orgName}'s clients or share its plan.`;
}
