import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ShareView } from '#shared/contracts/account-results.schema';
import { formatDateMDY } from '#shared/format';
import { CompactTable } from '../components/compact-table';

/** Props of a shares table. */
export interface SharesTableProps {
  /** Accessible name of the table (its caption). */
  caption: string;
  shares: ShareView[];
  /** `to_me` shows who shared; `to_others` shows with whom, plus Remove/Restore. */
  direction: 'to_me' | 'to_others';
  /** Remove or restore a share (only for `to_others`). @default none */
  onToggle?: (share: ShareView) => void;
  /** share_uid being changed: its button is disabled. @default none */
  busyUid?: string | null;
}

/**
 * One list of shares (spec §3 shares {shared_to_me, shared_to_others}; §6 "Shares can be
 * removed or restored"), as a @tanstack/react-table column config. Dates as M/D/Y.
 */
export function SharesTable({ caption, shares, direction, onToggle, busyUid }: SharesTableProps) {
  const columns = useMemo<ColumnDef<ShareView>[]>(() => {
    const base: ColumnDef<ShareView>[] = [
      { id: 'client', header: 'Client', accessorKey: 'client_name' },
      direction === 'to_me'
        ? { id: 'from', header: 'Shared by', accessorKey: 'from_email' }
        : { id: 'to', header: 'Shared with', accessorKey: 'to_email' },
      { id: 'perms', header: 'Permissions', accessorFn: (s) => s.perms.join(', ') },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <span className={`badge badge--${row.original.status === 'active' ? 'ok' : 'muted'}`}>
            {row.original.status === 'active' ? 'Active' : 'Removed'}
          </span>
        ),
      },
      { id: 'updated', header: 'Updated', accessorFn: (s) => formatDateMDY(s.updated_at) },
    ];
    if (direction === 'to_others' && onToggle)
      base.push({
        id: 'action',
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => {
          const share = row.original;
          const verb = share.status === 'active' ? 'Remove' : 'Restore';
          return (
            <button
              type="button"
              className="button button--ghost"
              disabled={busyUid === share.share_uid}
              aria-label={`${verb} the share of ${share.client_name} with ${share.to_email}`}
              onClick={() => onToggle(share)}
            >
              {verb}
            </button>
          );
        },
      });
    return base;
  }, [direction, onToggle, busyUid]);

  const table = useReactTable({ data: shares, columns, getCoreRowModel: getCoreRowModel() });

  if (shares.length === 0) return <p className="form-field__hint">{caption}: none yet.</p>;
  return <CompactTable table={table} caption={caption} rowKey={(s) => s.share_uid} />;
}
