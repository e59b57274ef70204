import { CALL_MESSAGES } from '#shared/contracts/call-centre.schema';
import { type CallRecord, callStatusText } from '#shared/contracts/call-record';
import { formatDateMDY } from '#shared/format';
import { sizeLabel } from './call-format';

/**
 * The open record's heading: name, industry, status text (spec §4 "Call status text"), size
 * badge and the day the log's facts are measured to (M/D/Y, spec §9).
 */
export function RecordHeader({ record }: { record: CallRecord }) {
  const status = callStatusText(record);
  return (
    <div className="cc-head">
      <h2 id="cc-record-name" className="cc-head__name">
        {record.name}
      </h2>
      <p className="cc-head__meta">
        <span>{record.industry || 'Industry unknown'}</span>
        <span className={`badge cc-status cc-status--${record.status_code || record.status}`}>
          {status}
        </span>
        <span className={`badge cc-size cc-size--${record.size}`}>
          <span className="visually-hidden">Size: </span>
          {sizeLabel(record.size)}
        </span>
        {record.as_of && <span className="cc-head__asof">as of {formatDateMDY(record.as_of)}</span>}
        {record.followup_info && record.status_code !== 'signup' && (
          <span className="cc-head__followup">
            Follow up {formatDateMDY(record.followup_info.day)}
            {record.followup_info.time ? ` at ${record.followup_info.time}` : ''}
          </span>
        )}
      </p>
      {record.do_not_call && (
        <p className="cc-warning" role="note">
          {CALL_MESSAGES.doNotCall}
        </p>
      )}
    </div>
  );
}
