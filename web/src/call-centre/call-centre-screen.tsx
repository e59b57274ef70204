import { useCallback, useEffect, useState } from 'react';
import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import { ApiError, errorMessage } from '../api/client';
import { useRefreshCallFollowups } from '../api/use-call-followups';
import { useCallRecord, usePutCallRecord } from '../api/use-call-record';
import { useLatestSearchParams } from '../lib/use-latest-search-params';
import { CallSearch } from './call-search';
import { FollowupsDue } from './followups-due';
import { ProblemDialog } from './problem-dialog';
import { RecordView } from './record-view';
import { useActivitySaver } from './use-activity-saver';

/** Props of {@link CallCentreScreen}. */
export interface CallCentreScreenProps {
  /**
   * A call-centre route answered 403 (the error: `forbidden` when the signed-in account is not
   * an agent, `mfa_required` when it has no authenticator app).
   */
  onForbidden: (refusal: ApiError) => void;
}

/**
 * The signed-in call-centre screen (spec §2): the search, and the record named by the `uid`
 * query parameter (so a call can be shared or reloaded). Ending the call removes `uid` and goes
 * back to an empty search (spec §4 "Ending the call clears the current record"). While no record
 * is open, "Follow-ups due" lists whom to call back, refreshed when a call ends.
 */
export function CallCentreScreen({ onForbidden }: CallCentreScreenProps) {
  const [params, setLatest] = useLatestSearchParams();
  const uid = params.get('uid')?.trim() || null;
  const saver = useActivitySaver(usePutCallRecord());
  const { data: record, error } = useCallRecord(uid);
  const [calls, setCalls] = useState(0);
  const refreshFollowups = useRefreshCallFollowups();
  const refusal = error instanceof ApiError && error.status === 403 ? error : null;
  const forbidden = refusal !== null;

  useEffect(() => {
    if (refusal) onForbidden(refusal);
  }, [refusal, onForbidden]);

  const open = useCallback(
    (clientId: string) =>
      setLatest((latest) => {
        latest.set('uid', clientId);
        return latest;
      }),
    [setLatest],
  );
  const endCall = useCallback(() => {
    setLatest(
      (latest) => {
        latest.delete('uid');
        return latest;
      },
      { replace: true },
    );
    setCalls((n) => n + 1);
    refreshFollowups();
  }, [setLatest, refreshFollowups]);

  return (
    <>
      <CallSearch key={calls} onOpen={open} onForbidden={onForbidden} focusOnMount={calls > 0} />
      {uid === null && (
        <>
          <p className="cc-empty">
            {calls > 0 ? 'Call ended. ' : ''}Search an advertiser by name to start a call.
          </p>
          <FollowupsDue onOpen={open} onForbidden={onForbidden} />
        </>
      )}
      {uid !== null && error && !forbidden && (
        <p className="cc-empty form-field__error" role="alert">
          {error instanceof ApiError && error.status === 404
            ? CALL_MESSAGES.notFound
            : errorMessage(error)}
        </p>
      )}
      {uid !== null && !error && !record && (
        <p className="cc-empty" role="status">
          Loading the advertiser…
        </p>
      )}
      {uid !== null && record && (
        <RecordView key={record.id} record={record} saver={saver} onEnded={endCall} />
      )}
      {saver.failure && (
        <ProblemDialog failure={saver.failure} onRetry={saver.retry} onClose={saver.dismiss} />
      )}
    </>
  );
}
