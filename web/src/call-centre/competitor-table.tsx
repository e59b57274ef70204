import { useId } from 'react';
import type { Competitor } from '#shared/contracts/call-record';
import { callAbbreviate, spendText } from './call-format';

/** The advertiser's top competitors in its industry (spec §2 "competitor table (name, $ spend)"). */
export function CompetitorTable({ competitors }: { competitors: readonly Competitor[] }) {
  const id = useId();
  return (
    <section className="cc-card" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="cc-card__title">
        Competitors
      </h3>
      {competitors.length === 0 ? (
        <p className="cc-muted">No competitors in the log.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table data-table--compact">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="cell--num">
                  $ Spend
                </th>
                <th scope="col" className="cell--num">
                  Airings
                </th>
              </tr>
            </thead>
            <tbody>
              {competitors.map((c) => (
                <tr key={c.id}>
                  <td>{c.advertiser}</td>
                  <td className="cell--num">{spendText(c.spend)}</td>
                  <td className="cell--num" title={String(c.airings)}>
                    {callAbbreviate(c.airings)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
