import type {
  FamilyChartSection,
  FamilyDocument,
  FamilyKpi,
  FamilySection,
  FamilyTableSection,
} from '../contracts/families.schema';
import { abbreviate, formatDateRange } from '../format';
import { familyChange, formatFamilyValue } from './family-format';

/**
 * A generated family report (monthly, quarterly, ...), ONE component for the PDF
 * (lambdas/families/core/render.ts) and the browser preview. Page 1 is the executive summary:
 * title, period, headline, KPI tiles with their change against the previous period and the
 * same period a year before, and the plain-language bullets; then each section on from page 2
 * (tables, charts as plain SVG, text). A document without sections (executive only) is the first
 * page alone. Styles are the printout's `pr-` rules plus FAMILY_CSS. Text is escaped by React.
 */
export function FamilyDocumentBody({ doc, sample }: { doc: FamilyDocument; sample: boolean }) {
  return (
    <main className="pr-doc fam-doc" data-testid="family-document">
      {sample && (
        <div className="pr-watermark" aria-hidden="true">
          SAMPLE DATA
        </div>
      )}
      <section className="fam-exec" data-testid="family-executive">
        <p className="pr-cover__kicker">{doc.subtitle}</p>
        <h1 className="fam-title">{doc.title}</h1>
        <p className="fam-period">
          {doc.period.label} · {formatDateRange(doc.period.start, doc.period.end)}
        </p>
        <p className="fam-headline">{doc.executive.headline}</p>
        {doc.kpis.length > 0 && <FamilyKpis kpis={doc.kpis} />}
        {doc.executive.bullets.length > 0 && (
          <>
            <h2>Executive summary</h2>
            <ul className="fam-bullets">
              {doc.executive.bullets.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </>
        )}
      </section>
      {doc.sections.map((s, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: sections are static and ordered
          key={i}
          className={i === 0 ? 'pr-page-break' : undefined}
        >
          <FamilySectionView section={s} />
        </div>
      ))}
    </main>
  );
}

function FamilyKpis({ kpis }: { kpis: readonly FamilyKpi[] }) {
  const hasPrev = kpis.some((k) => k.prev !== undefined);
  const hasYoy = kpis.some((k) => k.yoy !== undefined);
  return (
    <div className="pr-kpis fam-kpis" data-testid="family-kpis">
      {kpis.map((k) => {
        const prev = familyChange(k.value, k.prev, k.unit);
        const yoy = familyChange(k.value, k.yoy, k.unit);
        return (
          <div className="pr-kpi" key={k.label}>
            <span className="pr-kpi__label">{k.label}</span>
            <span className="pr-kpi__value">{formatFamilyValue(k.value, k.unit)}</span>
            {hasPrev && (
              <span className={`pr-kpi__compare pr-tone--${prev?.tone ?? 'flat'}`}>
                {prev ? `${prev.text} vs previous` : 'no previous data'}
              </span>
            )}
            {hasYoy && (
              <span className={`pr-kpi__compare pr-tone--${yoy?.tone ?? 'flat'}`}>
                {yoy ? `${yoy.text} vs last year` : 'no data a year ago'}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}

function FamilySectionView({ section }: { section: FamilySection }) {
  if (section.kind === 'table') return <FamilyTable section={section} />;
  if (section.kind === 'chart') return <FamilyChart section={section} />;
  return (
    <section className="pr-section pr-summary">
      <h2>{section.title}</h2>
      {section.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </section>
  );
}

/** Names and other text read from the left; numbers line up on the right, wherever they stand. */
const cellClass = (unit: string) => (unit === 'text' ? 'pr-cell--text' : 'pr-cell--num');

function FamilyTable({ section }: { section: FamilyTableSection }) {
  return (
    <section className="pr-section pr-table-wrap" data-testid="family-table">
      <h2>{section.title}</h2>
      {section.rows.length === 0 ? (
        <p className="pr-note">No airings in this period.</p>
      ) : (
        <table className="pr-table">
          <thead>
            <tr>
              {section.columns.map((c) => (
                <th key={c.key} scope="col" className={cellClass(c.unit)}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are static and ordered
              <tr key={i}>
                {section.columns.map((c) => (
                  <td key={c.key} className={cellClass(c.unit)}>
                    {formatFamilyValue(r[c.key], c.unit)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const COLOURS = ['#2a6f97', '#e76f51', '#2a9d8f', '#8a94a6'];
const W = 720;
const H = 240;
const PAD = { left: 54, right: 16, top: 12, bottom: 34 };
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A line chart of one or more series over the same x labels, as plain SVG (the PDF needs the
 * drawing in the markup; recharts draws nothing under renderToStaticMarkup).
 */
function FamilyChart({ section }: { section: FamilyChartSection }) {
  const labels = section.series[0]?.points.map((p) => p.x) ?? [];
  const max = Math.max(1, ...section.series.flatMap((s) => s.points.map((p) => p.y)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, labels.length - 1);
  const x = (i: number) => round(PAD.left + (labels.length === 1 ? innerW / 2 : step * i));
  const y = (v: number) => round(PAD.top + innerH * (1 - Math.max(0, v) / max));
  const every = Math.max(1, Math.ceil(labels.length / 7));
  return (
    <section className="pr-section pr-chart" data-testid="family-chart">
      <h2>{section.title}</h2>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={section.title}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(max * f)}
              y2={y(max * f)}
              stroke="#e3e8ef"
            />
            <text x={PAD.left - 6} y={y(max * f) + 4} fontSize="10" textAnchor="end">
              {abbreviate(max * f)}
            </text>
          </g>
        ))}
        {section.series.map((s, si) => (
          <g key={s.label}>
            <polyline
              points={s.points.map((p, i) => `${x(i)},${y(p.y)}`).join(' ')}
              fill="none"
              stroke={COLOURS[si % COLOURS.length]}
              strokeWidth={2}
            />
            {s.points.map((p, i) => (
              <circle key={p.x} cx={x(i)} cy={y(p.y)} r={2.5} fill={COLOURS[si % COLOURS.length]} />
            ))}
          </g>
        ))}
        {labels.map((l, i) =>
          i % every === 0 ? (
            <text key={l} x={x(i)} y={H - 12} fontSize="10" textAnchor="middle">
              {l}
            </text>
          ) : null,
        )}
      </svg>
      <p className="pr-note">
        {section.series.map((s, si) => (
          <span key={s.label}>
            <span
              className="pr-swatch"
              style={{ borderTop: `2px solid ${COLOURS[si % COLOURS.length]}` }}
            />
            {s.label}
          </span>
        ))}
      </p>
    </section>
  );
}

/** The family report's own rules, next to PRINT_COMPONENT_CSS (namespaced `fam-`). */
export const FAMILY_CSS = `
.fam-exec { min-height: 3in; }
.fam-title { font-size: 24pt; margin: 2px 0 4px; color: #12324a; }
.fam-period { margin: 0 0 14px; color: #5b6b82; font-size: 11pt; }
.fam-headline { font-size: 13pt; font-weight: 600; margin: 0 0 14px; color: #12324a; }
.fam-kpis { margin-bottom: 16px; }
.fam-bullets { margin: 0; padding-left: 18px; }
.fam-bullets li { margin-bottom: 6px; }
`;
