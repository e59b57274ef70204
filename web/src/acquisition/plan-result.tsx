import type { CalculateResult, PlanLine } from '#shared/contracts/acquisition.schema';
import { BudgetCurveChart } from './budget-curve-chart';
import styles from './calculator.module.css';
import { money, num } from './format';

/** The lines of a plan or a goal's mix: outlet, airings, rate, spend, visits and interval. */
export function PlanLines({ lines, caption }: { lines: readonly PlanLine[]; caption: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Outlet</th>
            <th scope="col">Airings</th>
            <th scope="col">Rate an airing</th>
            <th scope="col">Spend</th>
            <th scope="col">Expected visits</th>
            <th scope="col">Interval</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.outlet_id}>
              <th scope="row">{l.label}</th>
              <td>{l.airings.toLocaleString('en-US')}</td>
              <td>{money(l.rate_cents)}</td>
              <td>{money(l.budget_cents)}</td>
              <td>{num(l.visits)}</td>
              <td>
                {num(l.visits_low)} – {num(l.visits_high)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A labelled figure of the results. */
export function Tile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className={styles.tile}>
      <span className={styles.tileLabel}>{label}</span>
      <span className={styles.tileValue}>{value}</span>
      {hint && <span className={styles.tileHint}>{hint}</span>}
    </div>
  );
}

/** The plan step's answer: totals, the lines, the budget curve and the notes. */
export function PlanResult({ result }: { result: CalculateResult }) {
  return (
    <div className={styles.result} aria-live="polite">
      <div className={styles.tiles}>
        <Tile label="Airings" value={result.airings.toLocaleString('en-US')} />
        <Tile
          label="Expected visits"
          value={num(result.visits)}
          hint={`${num(result.visits_low)} – ${num(result.visits_high)}`}
        />
        <Tile label="Cost per visit" value={money(result.cost_per_visit_cents)} />
        <Tile
          label="Response basis"
          value={result.basis === 'own_vpa' ? 'Your own VPA' : "Outlets' VPA"}
          hint={result.own_vpa === null ? undefined : `${num(result.own_vpa, 2)} visits an airing`}
        />
      </div>
      {result.lines.length > 0 && <PlanLines lines={result.lines} caption="The plan by outlet" />}
      <h3 className={styles.subhead}>Budget curve</h3>
      <BudgetCurveChart result={result} />
      <ul className={styles.notes}>
        {result.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}
