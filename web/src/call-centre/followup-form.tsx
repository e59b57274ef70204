import { type FormEvent, useId, useState } from 'react';
import { CALL_MESSAGES, followupInputSchema } from '#shared/contracts/call-centre.schema';
import type { FollowupInfo } from '#shared/contracts/call-record';
import { formatDateMDY } from '#shared/format';
import { agentTimeZone, tomorrowIso } from './call-format';
import { useRecordSaver } from './saver-context';

type Mode = 'days' | 'weeks' | 'day';

/** The follow-up payload for the chosen mode (spec §3 followup_info). */
function followupPayload(mode: Mode, amount: string, day: string, time: string) {
  const base = { time, tz: agentTimeZone() };
  if (mode === 'day') return { ...base, day: day || undefined };
  const n = amount === '' ? undefined : Number(amount);
  return mode === 'days' ? { ...base, days_from_now: n } : { ...base, weeks_from_now: n };
}

/**
 * Set follow-up (spec §3 followup_info; §5 "A followup of days or weeks from now becomes a
 * concrete day; minimum date is tomorrow"): days or weeks from now, or a day from tomorrow on,
 * plus an optional time; sent as `set_followup` with the agent's time zone.
 */
export function FollowupForm({ current }: { current: FollowupInfo | null }) {
  const id = useId();
  const { save, flushAll } = useRecordSaver();
  const [mode, setMode] = useState<Mode>('days');
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const min = tomorrowIso();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'day' && day !== '' && day < min) return setError(CALL_MESSAGES.followupPast);
    const parsed = followupInputSchema.safeParse(followupPayload(mode, amount, day, time));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    setBusy(true);
    flushAll();
    await save('set_followup', parsed.data);
    setBusy(false);
  };

  return (
    <form className="cc-followup" noValidate onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`} className="cc-followup__title">
        Set follow-up
      </h4>
      {current && (
        <p className="cc-note">
          Follow-up set for {formatDateMDY(current.day)}
          {current.time ? ` at ${current.time}` : ''}.
        </p>
      )}
      <fieldset className="cc-radios cc-radios--inline">
        <legend className="visually-hidden">Follow up in</legend>
        {(
          [
            ['days', 'Days from now'],
            ['weeks', 'Weeks from now'],
            ['day', 'On a day'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="checkbox form-check">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <div className="cc-followup__row">
        {mode === 'day' ? (
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-day`}>
              Day
            </label>
            <input
              id={`${id}-day`}
              type="date"
              className="input form-field__input"
              min={min}
              value={day}
              onChange={(e) => setDay(e.target.value)}
            />
          </div>
        ) : (
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-n`}>
              {mode === 'days' ? 'Days from now' : 'Weeks from now'}
            </label>
            <input
              id={`${id}-n`}
              type="number"
              className="input form-field__input"
              min={1}
              max={mode === 'days' ? 365 : 52}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
        )}
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-time`}>
            Time (optional)
          </label>
          <input
            id={`${id}-time`}
            type="time"
            className="input form-field__input"
            value={time}
            onChange={(e) => setTime(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          Set follow-up
        </button>
      </div>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
