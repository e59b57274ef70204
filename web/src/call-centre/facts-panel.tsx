import { useId } from 'react';
import type { CallRecord } from '#shared/contracts/call-record';
import { formatRatio } from '#shared/format';
import { callAbbreviate, marketLabel, spendText } from './call-format';

/** How many shows, markets or stations to list before "and N more". */
const LIST_MAX = 12;

/** A short list with an "and N more" tail. */
function ShortList({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <p className="cc-muted">{empty}</p>;
  const shown = items.slice(0, LIST_MAX);
  return (
    <ul className="cc-chips">
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
      {items.length > shown.length && (
        <li className="cc-chips__more">and {items.length - shown.length} more</li>
      )}
    </ul>
  );
}

/** Props of {@link FactsPanel}. */
export interface FactsPanelProps {
  record: CallRecord;
  /** DMA code → market name, from the regions lookup (empty when not loaded). */
  marketNames: ReadonlyMap<string, string>;
}

/**
 * What the monitored log says about the advertiser (spec §2 right column): shows, markets,
 * stations, day counters, the always-on-air flag, its own airings and spend, and the industry's
 * visits per airing.
 */
export function FactsPanel({ record, marketNames }: FactsPanelProps) {
  const id = useId();
  const vpa = record.industry_summary.sessions_per_airing;
  return (
    <section className="cc-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="cc-card__title">
        On the air
      </h3>
      <dl className="cc-counters">
        <div>
          <dt>Days since first spot</dt>
          <dd>{record.days_since_first_spot}</dd>
        </div>
        <div>
          <dt>Days since last campaign</dt>
          <dd>{record.days_since_campaign}</dd>
        </div>
        <div>
          <dt>Always on air</dt>
          <dd>{record.always_on_air ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt>Airings</dt>
          <dd title={String(record.airings)}>{callAbbreviate(record.airings)}</dd>
        </div>
        <div>
          <dt>Spend</dt>
          <dd>{spendText(record.spend)}</dd>
        </div>
        <div>
          <dt>Industry VPA</dt>
          <dd>{vpa === null ? 'not enough data' : formatRatio(vpa)}</dd>
        </div>
      </dl>
      <h4 className="cc-card__sub">Shows</h4>
      <ShortList items={record.program_list} empty="No shows in the log." />
      <h4 className="cc-card__sub">Markets</h4>
      <ShortList
        items={record.markets.map((code) => marketLabel(code, marketNames))}
        empty="No markets in the log."
      />
      <h4 className="cc-card__sub">Stations</h4>
      <ShortList items={record.stations} empty="No stations in the log." />
    </section>
  );
}
