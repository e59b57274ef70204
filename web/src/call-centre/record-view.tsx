import { useCallback, useMemo, useRef, useState } from 'react';
import type { CallActivity } from '#shared/contracts/call-centre.schema';
import type { CallRecord } from '#shared/contracts/call-record';
import { useRegions } from '../auth/use-lookups';
import { AdvertiserPanel } from './advertiser-panel';
import { CallActions } from './call-actions';
import { CallScriptPanel } from './call-script-panel';
import { Celebration } from './celebration';
import { CompetitorTable } from './competitor-table';
import { FactsPanel } from './facts-panel';
import { NotesBox } from './notes-box';
import { RecordHeader } from './record-header';
import { SaveStatus } from './save-status';
import { type RecordSaver, RecordSaverContext } from './saver-context';
import type { ActivitySaver } from './use-activity-saver';

/** Props of {@link RecordView}. */
export interface RecordViewProps {
  record: CallRecord;
  saver: ActivitySaver;
  /** The call was ended: close the record. */
  onEnded: () => void;
}

/**
 * One open advertiser (spec §2 "Call-centre screen"): the header, the advertiser panel, notes
 * and call actions on the left; what the log says, competitors and the call script on the right.
 * Its forms save through `saver` for this record only.
 */
export function RecordView({ record, saver, onEnded }: RecordViewProps) {
  const [celebrating, setCelebrating] = useState(false);
  const flushes = useRef(new Set<() => void>());
  const regions = useRegions();
  const names = useMemo(
    () =>
      new Map(regions.status === 'ready' ? regions.items.map((r) => [r.id, r.name] as const) : []),
    [regions],
  );
  const marketNames = useMemo(
    () => record.markets.map((code) => names.get(code) ?? `DMA ${code}`),
    [record.markets, names],
  );

  const { save } = saver;
  const clientId = record.id;
  const registerFlush = useCallback((flush: () => void) => {
    flushes.current.add(flush);
    return () => {
      flushes.current.delete(flush);
    };
  }, []);
  const context = useMemo<RecordSaver>(
    () => ({
      save: (activity: CallActivity, payload?: unknown) => save(clientId, activity, payload),
      registerFlush,
      flushAll: () => {
        for (const flush of flushes.current) flush();
      },
    }),
    [save, clientId, registerFlush],
  );

  return (
    <RecordSaverContext.Provider value={context}>
      <article className="cc-record" aria-labelledby="cc-record-name">
        <div className="cc-record__top">
          <RecordHeader record={record} />
          <SaveStatus state={saver.state} />
        </div>
        <div className="cc-record__grid">
          <div className="cc-record__main">
            <AdvertiserPanel record={record} onSignedUp={() => setCelebrating(true)} />
            <NotesBox notes={record.notes} />
            <CallActions record={record} onEnded={onEnded} />
          </div>
          <aside className="cc-record__side" aria-label="Advertiser facts and call script">
            <FactsPanel record={record} marketNames={names} />
            <CompetitorTable competitors={record.competitor_list} />
            <CallScriptPanel record={record} marketNames={marketNames} />
          </aside>
        </div>
      </article>
      {celebrating && <Celebration onDone={() => setCelebrating(false)} />}
    </RecordSaverContext.Provider>
  );
}
