import { useEffect, useId } from 'react';
import type { CallFollowup } from '#shared/contracts/call-record';
import { ApiError, errorMessage } from '../api/client';
import { useCallFollowups } from '../api/use-call-followups';
import { AdvertiserNameCell, ViewCell } from './advertiser-cells';
import { dayMdy, todayIso } from './call-format';

/** Props of {@link FollowupsDue}. */
export interface FollowupsDueProps {
  /** The agent pressed View on a follow-up (opens the record, like a search hit). */
  onOpen: (clientId: string) => void;
  /** The route answered 403 (the error; see CallSearch's `onForbidden`). */
  onForbidden: (refusal: ApiError) => void;
}

/** When a due follow-up is: "Overdue" with its day, or "Today" with its time. */
function When({ followup, today }: { followup: CallFollowup; today: string }) {
  if (followup.day < today)
    return (
      <>
        <span className="badge badge--down">Overdue</span> {dayMdy(followup.day)}
      </>
    );
  return (
    <>
      <span className="badge badge--ok">Today</span> {followup.time || 'Any time'}
    </>
  );
}

/**
 * "Follow-ups due" (ours), shown while no record is open: the overdue follow-ups (the last 14
 * days) and today's, oldest first, each with View. Today is the browser's local day.
 */
export function FollowupsDue({ onOpen, onForbidden }: FollowupsDueProps) {
  const id = useId();
  const today = todayIso();
  const { data, error, isLoading, mutate } = useCallFollowups(today);
  const refusal = error instanceof ApiError && error.status === 403 ? error : null;
  const forbidden = refusal !== null;

  useEffect(() => {
    if (refusal) onForbidden(refusal);
  }, [refusal, onForbidden]);

  const due = (data ?? []).filter((f) => f.day <= today);
  return (
    <section className="cc-card cc-followups" aria-labelledby={id}>
      <h2 id={id} className="cc-card__title">
        Follow-ups due
      </h2>
      {error && !forbidden && (
        <div className="cc-followups__error">
          <p className="form-field__error" role="alert">
            Could not load the follow-ups. {errorMessage(error)}
          </p>
          <button type="button" className="button button--ghost" onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      )}
      {!data && !error && isLoading && (
        <p className="cc-muted" role="status">
          Loading follow-ups…
        </p>
      )}
      {data && !error && due.length === 0 && (
        <p className="cc-muted">No follow-ups due. Nice and clear.</p>
      )}
      {due.length > 0 && (
        <div className="table-wrap">
          <table className="data-table cc-results__table">
            <caption className="visually-hidden">Follow-ups due, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">When</th>
                <th scope="col" className="cc-results__view">
                  View
                </th>
              </tr>
            </thead>
            <tbody>
              {due.map((f) => (
                <tr key={f.id}>
                  <AdvertiserNameCell
                    name={f.name}
                    details={[f.industry, f.agent_email && `set by ${f.agent_email}`]}
                  />
                  <td className="cc-followups__when">
                    <When followup={f} today={today} />
                  </td>
                  <ViewCell name={f.name} onView={() => onOpen(f.id)} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
