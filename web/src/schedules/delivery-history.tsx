import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { Delivery, Schedule } from '#shared/contracts/schedules.schema';
import { errorMessage } from '../api/client';
import { CompactTable } from '../components/compact-table';
import { StateMessage } from '../components/state-message';
import { instantInZone, periodWords, STATUS_LABELS, whatWords } from './schedule-words';
import styles from './schedules.module.css';
import { useDeliveries } from './use-schedules';

const column = createColumnHelper<Delivery>();

/**
 * Column config: status (with when it was sent), period M/D/Y, recipients, PDF, and the failure
 * reason when some delivery has one.
 */
function columnsFor(timeZone: string, withReason: boolean) {
  const columns = [
    column.accessor('status', {
      header: 'Status',
      cell: (c) => {
        const d = c.row.original;
        return (
          <span className={styles[`status_${d.status}`]}>
            {STATUS_LABELS[d.status]}
            {d.sent_at && d.status === 'sent' && (
              <span className={styles.when}>{instantInZone(d.sent_at, timeZone)}</span>
            )}
          </span>
        );
      },
    }),
    column.accessor('period_key', { header: 'Period', cell: (c) => periodWords(c.getValue()) }),
    column.accessor('recipients', {
      header: 'Recipients',
      // One address a line: long addresses wrap inside the narrow dialog.
      cell: (c) => (
        <ul className={styles.addresses}>
          {c.getValue().map((address) => (
            <li key={address}>{address}</li>
          ))}
        </ul>
      ),
    }),
    column.accessor('pdf_link', {
      header: 'PDF',
      cell: (c) => {
        const link = c.getValue();
        if (!link) return <span className={styles.muted}>None</span>;
        return (
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`PDF of ${periodWords(c.row.original.period_key)}`}
          >
            PDF
          </a>
        );
      },
    }),
  ];
  if (!withReason) return columns;
  return [
    ...columns,
    column.accessor((d) => d.error ?? '', {
      id: 'reason',
      header: 'Failure reason',
      cell: (c) =>
        c.getValue() ||
        (c.row.original.status === 'retrying' ? `Attempt ${c.row.original.attempts} failed` : ''),
    }),
  ];
}

/** Props of {@link DeliveryHistory}. */
export interface DeliveryHistoryProps {
  clientUid: string;
  schedule: Schedule;
  onBack: () => void;
}

/**
 * The delivery history of one schedule (schedule_deliveries; newest period first): status and
 * when it was sent (in the schedule's zone), the period covered (M/D/Y), recipients, the PDF
 * link (signed, valid 7 days) and why a delivery failed. Loading, error and empty states.
 */
export function DeliveryHistory({ clientUid, schedule, onBack }: DeliveryHistoryProps) {
  const deliveries = useDeliveries(clientUid, schedule.schedule_id);
  const table = useReactTable({
    data: deliveries.data ?? [],
    columns: columnsFor(
      schedule.time_zone,
      (deliveries.data ?? []).some(
        (d) => d.error || d.status === 'failed' || d.status === 'retrying',
      ),
    ),
    getCoreRowModel: getCoreRowModel(),
  });
  const caption = `Deliveries of ${whatWords(schedule.what)}`;
  return (
    <section className={styles.history} aria-label="Delivery history">
      <button type="button" className="link-button" onClick={onBack}>
        ← All schedules
      </button>
      {deliveries.error ? (
        <StateMessage title="The delivery history could not be loaded." tone="error">
          <p>{errorMessage(deliveries.error)}</p>
          <button type="button" className="button" onClick={() => void deliveries.mutate()}>
            Try again
          </button>
        </StateMessage>
      ) : !deliveries.data ? (
        <p role="status" className={styles.muted}>
          Loading the delivery history…
        </p>
      ) : deliveries.data.length === 0 ? (
        <StateMessage title="No deliveries yet">
          <p>The first one is sent at the next run; it will be listed here with its PDF.</p>
        </StateMessage>
      ) : (
        <CompactTable table={table} caption={caption} rowKey={(d) => d.period_key} />
      )}
    </section>
  );
}
