import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { formatUsd } from '#shared/billing/price-table';
import type { InvoiceView } from '#shared/contracts/billing.schema';
import { formatDay } from './billing-format';

const column = createColumnHelper<InvoiceView>();

const INVOICE_STATUS: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** Column config: date, amount (right-aligned), status, link (spec §9 dates M/D/Y). */
const COLUMNS = [
  column.accessor('created', { header: 'Date', cell: (c) => formatDay(c.getValue()) }),
  column.accessor((i) => (i.status === 'paid' ? i.amount_paid : i.amount_due), {
    id: 'amount',
    header: 'Amount',
    cell: (c) => formatUsd(c.getValue()),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (c) => INVOICE_STATUS[c.getValue()] ?? c.getValue(),
  }),
  column.accessor('hosted_invoice_url', {
    header: 'Invoice',
    cell: (c) => {
      const url = c.getValue();
      const number = c.row.original.number;
      return url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          View{number ? ` ${number}` : ''}
        </a>
      ) : (
        (number ?? '')
      );
    },
  }),
];

/** The recent invoices of a billing profile, newest first, as a compact table. */
export function InvoicesTable({ invoices, caption }: { invoices: InvoiceView[]; caption: string }) {
  const table = useReactTable({
    data: invoices,
    columns: COLUMNS,
    getCoreRowModel: getCoreRowModel(),
  });
  if (invoices.length === 0) return <p className="form-field__hint">No invoices yet.</p>;
  return (
    <table className="data-table data-table--compact invoices">
      <caption className="account__caption">{caption}</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th
                key={header.id}
                scope="col"
                className={header.column.id === 'amount' ? 'cell--num' : undefined}
              >
                {flexRender(header.column.columnDef.header, header.getContext())}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id}>
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} className={cell.column.id === 'amount' ? 'cell--num' : undefined}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
