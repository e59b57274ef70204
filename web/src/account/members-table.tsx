import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { MemberView } from '#shared/contracts/account-members.schema';
import { formatDateMDY } from '#shared/format';
import { CompactTable } from '../components/compact-table';

/** Props of {@link MembersTable}. */
export interface MembersTableProps {
  /** Accessible name of the table (its caption). */
  caption: string;
  members: MemberView[];
  /** Remove a member or cancel an invitation; without it the table is read-only. @default none */
  onRemove?: (member: MemberView) => void;
  /** The signed-in user: their own row gets no Remove (they leave instead). @default none */
  selfId?: string;
}

/** The key of a row: the user, or the invited address. */
export const memberKey = (m: MemberView) => m.user_id ?? `invite:${m.email}`;

const ROLE_NAMES = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/**
 * The members and pending invitations of an organisation, as a @tanstack/react-table column
 * config: name, e-mail, role, status (invited M/D/Y) and, for owners and admins, Remove /
 * Cancel invitation.
 */
export function MembersTable({ caption, members, onRemove, selfId }: MembersTableProps) {
  const columns = useMemo<ColumnDef<MemberView>[]>(() => {
    const base: ColumnDef<MemberView>[] = [
      { id: 'name', header: 'Name', accessorFn: (m) => m.name || '—' },
      { id: 'email', header: 'E-mail', accessorKey: 'email' },
      { id: 'role', header: 'Role', accessorFn: (m) => ROLE_NAMES[m.role] },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => {
          const m = row.original;
          return m.status === 'active' ? (
            <span className="badge badge--ok">Active</span>
          ) : (
            <span className="badge badge--muted">
              Invited{m.invited_at ? ` ${formatDateMDY(m.invited_at)}` : ''}
            </span>
          );
        },
      },
    ];
    if (onRemove)
      base.push({
        id: 'action',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => {
          const m = row.original;
          if (m.user_id !== null && m.user_id === selfId) return null;
          const verb = m.status === 'invited' ? 'Cancel invitation' : 'Remove';
          return (
            <button
              type="button"
              className="button button--ghost"
              aria-label={
                m.status === 'invited'
                  ? `Cancel the invitation of ${m.email}`
                  : `Remove ${m.name || m.email}`
              }
              onClick={() => onRemove(m)}
            >
              {verb}
            </button>
          );
        },
      });
    return base;
  }, [onRemove, selfId]);

  const table = useReactTable({ data: members, columns, getCoreRowModel: getCoreRowModel() });

  if (members.length === 0) return <p className="form-field__hint">No members yet.</p>;
  return <CompactTable table={table} caption={caption} rowKey={memberKey} captionHidden />;
}
