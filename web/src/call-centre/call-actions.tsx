import { useId, useState } from 'react';
import type { CallActivity } from '#shared/contracts/call-centre.schema';
import type { CallRecord } from '#shared/contracts/call-record';
import { FollowupForm } from './followup-form';
import { useRecordSaver } from './saver-context';

/** Props of {@link CallActions}. */
export interface CallActionsProps {
  record: CallRecord;
  /** Called once the server recorded the end of the call (the record closes). */
  onEnded: () => void;
}

/**
 * The call's buttons (spec §4 "Call activities saved"): Send more info, Send connection
 * instructions (website / agency), Set follow-up, Not interested, Do not call and End call.
 * Every button first saves any waiting edit, so the server sees the latest contact details.
 */
export function CallActions({ record, onEnded }: CallActionsProps) {
  const id = useId();
  const { save, flushAll } = useRecordSaver();
  const [followup, setFollowup] = useState(false);
  const [ending, setEnding] = useState(false);

  const send = (activity: CallActivity, payload?: unknown) => {
    flushAll();
    return save(activity, payload);
  };
  const endCall = async () => {
    setEnding(true);
    const done = await send('end_call');
    setEnding(false);
    if (done) onEnded();
  };

  return (
    <section className="cc-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="cc-card__title">
        Call actions
      </h3>
      <div className="cc-actions">
        <button type="button" className="button" onClick={() => void send('send_more_info')}>
          Send more info
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void send('send_connection_instructions', { to: 'website' })}
        >
          Send connection instructions (website)
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void send('send_connection_instructions', { to: 'agency' })}
        >
          Send connection instructions (agency)
        </button>
      </div>
      <ul className="cc-sent-list">
        {record.advertiser_info.more_info_sent && <li>More info sent ✓</li>}
        {record.website_info.web_connection_info_sent && <li>Website instructions sent ✓</li>}
        {record.agency_info.agency_connection_info_sent && <li>Agency instructions sent ✓</li>}
      </ul>
      <div className="cc-actions">
        <button
          type="button"
          className="button"
          aria-expanded={followup}
          aria-controls={`${id}-followup`}
          onClick={() => setFollowup((open) => !open)}
        >
          Follow-up…
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={record.not_interested}
          onClick={() => void send('not_interested', { value: !record.not_interested })}
        >
          Not interested
        </button>
        <button
          type="button"
          className="button cc-button--warn"
          aria-pressed={record.do_not_call}
          onClick={() => void send('do_not_call', { value: !record.do_not_call })}
        >
          Do not call
        </button>
        <button
          type="button"
          className="button button--primary cc-end"
          disabled={ending}
          onClick={() => void endCall()}
        >
          {ending ? 'Ending call…' : 'End call'}
        </button>
      </div>
      <div id={`${id}-followup`} hidden={!followup}>
        {followup && <FollowupForm current={record.followup_info} />}
      </div>
    </section>
  );
}
