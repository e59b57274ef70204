import { useId } from 'react';
import type { PullProgress as Pull } from '#shared/contracts/connections.schema';
import { formatWhen } from './connection-status';

/** What each pull state says beside the bar. */
const STATE_WORDS: Record<Pull['state'], string> = {
  queued: 'Waiting to start',
  running: 'Pulling visits',
  waiting_quota: 'Paused until Google’s quota allows more; it resumes by itself',
  done: 'Up to date',
  failed: 'Stopped',
};

/**
 * One property's backfill: a progress bar (role=progressbar, 0-100, the pulled share of the
 * backfill's days) while the history is being pulled, the state in words, why it waits or
 * stopped, and the last successful pull.
 */
export function PullProgress({ pull, name }: { pull: Pull; name: string }) {
  const labelId = useId();
  const percent = Math.round(pull.progress);
  const backfilling = pull.state !== 'done' || percent < 100;
  const through = pull.done_through ? ` through ${pull.done_through}` : '';
  // A property just connected has no window yet: its first pull sets it from its calendar.
  const span = pull.from && pull.to ? `History ${pull.from} to ${pull.to}` : 'History';
  return (
    <div className="pull">
      {backfilling ? (
        <>
          <div className="pull__line">
            <span id={labelId}>
              {span}: {STATE_WORDS[pull.state]}
            </span>
            <span className="pull__percent" aria-hidden="true">
              {percent}%
            </span>
          </div>
          <div
            className={`pull__bar pull__bar--${pull.state}`}
            role="progressbar"
            aria-label={`History of ${name} pulled`}
            aria-describedby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%${through}`}
          >
            <div className="pull__fill" style={{ width: `${percent}%` }} />
          </div>
        </>
      ) : (
        <p className="pull__line">
          {span} pulled. {STATE_WORDS.done}.
        </p>
      )}
      {pull.message && <p className="pull__message">{pull.message}</p>}
      <p className="pull__last">
        Last pull: {pull.last_pull_at ? formatWhen(pull.last_pull_at) : 'not yet'}
      </p>
    </div>
  );
}
