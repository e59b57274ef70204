import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { ApiError, errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { focusables, ModalDialog } from '../components/modal-dialog';
import { StateMessage } from '../components/state-message';
import { plansFor } from '../report/paywall';
import { DeliveryHistory } from './delivery-history';
import type { ScheduleLock } from './schedule-access';
import { ScheduleForm } from './schedule-form';
import { browserTimeZone, validZone } from './schedule-form-values';
import { ScheduleList } from './schedule-list';
import { nextRunWords } from './schedule-words';
import styles from './schedules.module.css';
import { createSchedule, updateSchedule, useSchedules } from './use-schedules';

/** Props of {@link SchedulesDialog}. */
export interface SchedulesDialogProps {
  clientUid: string;
  /** The client's name, under the dialog's title. @default none */
  clientName?: string;
  /** Why scheduling is locked for this client; null when it is open. */
  lock: ScheduleLock | null;
  /** The signed-in user's e-mail: a new schedule's first recipient. @default none */
  email?: string;
  onClose: () => void;
}

type View =
  | { kind: 'list' }
  | { kind: 'form'; schedule: Schedule | null }
  | { kind: 'history'; schedule: Schedule };

/** Why scheduling is locked, with the plans page when a plan unlocks it. */
function Locked({ reason, plans }: ScheduleLock) {
  return (
    <div className={styles.locked} data-testid="schedules-locked">
      <p className="paywall__title">Scheduled deliveries are not available here.</p>
      <p>{reason}</p>
      {plans && (
        <Link className="button button--primary" to={plansFor('advertiser')}>
          See plans with scheduled deliveries
        </Link>
      )}
    </div>
  );
}

/**
 * The Schedule dialog of the report screen (spec §3 "Client info" report_schedules, §7
 * create_schedule, update_schedule, schedule_deliveries): the client's scheduled deliveries,
 * New schedule, Edit, Pause / Resume, Delete (confirmed), and each schedule's delivery history.
 * Locked (no Schedule feature, no `schedule` permission) it says why and links to the plans; a
 * 403 from the server shows the server's own message the same way.
 */
export function SchedulesDialog({
  clientUid,
  clientName,
  lock,
  email,
  onClose,
}: SchedulesDialogProps) {
  const schedules = useSchedules(lock ? undefined : clientUid);
  const [view, setView] = useState<View>({ kind: 'list' });
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [done, setDone] = useState('');
  // Bumped when the element with focus went away (a view changed, a schedule was deleted).
  const [moved, setMoved] = useState(0);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Focus follows the change into the new content; the dialog focuses itself on open.
    if (moved > 0 && content.current) focusables(content.current)[0]?.focus();
  }, [moved]);
  const show = (next: View) => {
    setView(next);
    setMoved((n) => n + 1);
  };
  const list = schedules.data?.schedules ?? [];
  const zone = validZone(schedules.data?.client_zone)
    ? schedules.data.client_zone
    : browserTimeZone();

  /** Keeps the schedules an answer carries as the list, without another request. */
  const keep = (after: Schedule[]) =>
    schedules.mutate((before) => ({ client_zone: before?.client_zone ?? null, schedules: after }), {
      revalidate: false,
    });

  /** Runs one change; a 403 turns the dialog into its locked state with the server's words. */
  const change = async (
    scheduleId: string,
    act: () => Promise<Schedule[]>,
    said: string,
    refocus = false,
  ) => {
    setBusy(scheduleId);
    setProblem(null);
    try {
      await keep(await act());
      setDone(said);
      if (refocus) setMoved((n) => n + 1);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setRefused(error.message);
      else setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const loadRefused =
    schedules.error instanceof ApiError && schedules.error.status === 403
      ? schedules.error.message
      : null;
  const locked: ScheduleLock | null =
    lock ??
    (refused || loadRefused ? { reason: (refused ?? loadRefused) as string, plans: true } : null);

  let body: React.ReactNode;
  if (locked) body = <Locked {...locked} />;
  else if (view.kind === 'form')
    body = (
      <ScheduleForm
        schedule={view.schedule}
        zone={zone}
        email={email}
        onCancel={() => show({ kind: 'list' })}
        onSubmit={async (fields) => {
          const before = view.schedule;
          // An edit leaves pausing alone: Pause / Resume (or the server) decide it.
          const { paused: _paused, ...patch } = fields;
          try {
            const after = before
              ? await updateSchedule({
                  schedule_id: before.schedule_id,
                  client_uid: clientUid,
                  ...patch,
                })
              : await createSchedule({ client_uid: clientUid, ...fields });
            await keep(after);
            const saved = before
              ? after.find((s) => s.schedule_id === before.schedule_id)
              : after[after.length - 1];
            setDone(
              `Schedule ${before ? 'saved' : 'created'}.${saved ? ` Next run: ${nextRunWords(saved)}.` : ''}`,
            );
            show({ kind: 'list' });
          } catch (error) {
            if (error instanceof ApiError && error.status === 403) setRefused(error.message);
            else throw error;
          }
        }}
      />
    );
  else if (view.kind === 'history')
    body = (
      <DeliveryHistory
        clientUid={clientUid}
        schedule={view.schedule}
        onBack={() => show({ kind: 'list' })}
      />
    );
  else if (schedules.error)
    body = (
      <StateMessage title="The schedules could not be loaded." tone="error">
        <p>{errorMessage(schedules.error)}</p>
        <button type="button" className="button" onClick={() => void schedules.mutate()}>
          Try again
        </button>
      </StateMessage>
    );
  else if (!schedules.data)
    body = (
      <p role="status" className={styles.muted}>
        Loading the schedules…
      </p>
    );
  else
    body = (
      <>
        <FormAlert message={problem} />
        {list.length === 0 ? (
          <StateMessage title="No scheduled deliveries yet">
            <p>
              Send this report, or a monthly or quarterly report, by e-mail every week, month or
              quarter.
            </p>
          </StateMessage>
        ) : (
          <ScheduleList
            schedules={list}
            busy={busy}
            onEdit={(s) => show({ kind: 'form', schedule: s })}
            onHistory={(s) => show({ kind: 'history', schedule: s })}
            onPause={(s, paused) =>
              void change(
                s.schedule_id,
                () => updateSchedule({ schedule_id: s.schedule_id, client_uid: clientUid, paused }),
                paused ? 'Schedule paused.' : 'Schedule resumed.',
              )
            }
            onDelete={(s) =>
              void change(
                s.schedule_id,
                () =>
                  updateSchedule({
                    schedule_id: s.schedule_id,
                    client_uid: clientUid,
                    delete: true,
                  }),
                'Schedule deleted.',
                true,
              )
            }
          />
        )}
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setDone('');
            show({ kind: 'form', schedule: null });
          }}
        >
          New schedule
        </button>
      </>
    );

  return (
    <ModalDialog
      title="Scheduled deliveries"
      variant="side"
      onClose={onClose}
      // The form has its own Cancel and Save; a second row of buttons under it would confuse.
      footer={
        view.kind === 'form' && !locked ? undefined : (
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        )
      }
    >
      {clientName && <p className={styles.subtitle}>{clientName}</p>}
      <p role="status" className={styles.done}>
        {view.kind === 'list' && !locked ? done : ''}
      </p>
      <div ref={content} className={styles.content}>
        {body}
      </div>
    </ModalDialog>
  );
}
