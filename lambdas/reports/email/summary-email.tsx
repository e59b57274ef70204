import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import type { PrintKpi } from '#shared/print/print-kpis';
import { SUMMARY_CHART_COLOURS, SUMMARY_CHART_SIZE } from './summary-chart';

/**
 * The summary e-mail (spec §7 send_summary_email: "KPI tiles with their change, top performers,
 * a small chart image, a link back"), built with react-email so the markup is the table layout
 * and inline styles mail clients render, with a plain-text part made from the same tree.
 */

/** One top performer as the e-mail shows it. */
export interface SummaryTop {
  /** e.g. `Best station`. */
  title: string;
  /** The row's label, e.g. `WABC`. */
  label: string;
  /** e.g. `12.4 VPA · 38 airings`. */
  detail: string;
  /** Picked among thin rows only: said in words. */
  directional: boolean;
}

/** Everything the e-mail shows, decided by core/summary-email.ts. All text is plain (React escapes it). */
export interface SummaryEmailModel {
  clientName: string;
  /** `MM/DD/YYYY – MM/DD/YYYY`. */
  period: string;
  /** The comparison period the changes are against, or null without one. */
  comparePeriod: string | null;
  /** Who sent it (display name) and their address, said in the e-mail. */
  senderName: string;
  senderEmail: string;
  /** The sender's note, one string per paragraph; empty = none. */
  note: string[];
  kpis: PrintKpi[];
  tops: SummaryTop[];
  /** The inline chart: its Content-ID (without `cid:`) and the dates it spans; null = no chart. */
  chart: { cid: string; first: string; last: string; bucket: 'minute' | 'hour' | 'day' } | null;
  /** The report on the app's own origin. */
  link: string;
  /** Simulated visits: the e-mail says SAMPLE DATA. */
  sample: boolean;
}

const TONE = { good: '#1b7f3b', bad: '#b42318', flat: '#5b6474' } as const;
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const s = {
  body: { backgroundColor: '#f3f5f8', fontFamily: font, margin: 0, padding: '24px 0' },
  container: {
    backgroundColor: '#ffffff',
    border: '1px solid #e3e7ee',
    borderRadius: '8px',
    maxWidth: '600px',
    padding: '24px',
  },
  kicker: { color: '#5b6474', fontSize: '12px', letterSpacing: '0.06em', margin: 0 },
  h1: { color: '#14213d', fontSize: '22px', margin: '4px 0 2px' },
  muted: { color: '#5b6474', fontSize: '13px', margin: '2px 0' },
  h2: { color: '#14213d', fontSize: '15px', margin: '20px 0 8px' },
  tile: {
    border: '1px solid #e3e7ee',
    borderRadius: '6px',
    padding: '10px',
    verticalAlign: 'top' as const,
    width: '33%',
  },
  // Gaps between the tiles; border-spacing is what table layouts in mail clients honour.
  tileRow: { borderCollapse: 'separate' as const, borderSpacing: '6px 6px' },
  tileLabel: { color: '#5b6474', fontSize: '12px', margin: 0 },
  tileValue: { color: '#14213d', fontSize: '20px', fontWeight: 700, margin: '2px 0' },
  tileChange: { fontSize: '12px', margin: 0 },
  note: {
    backgroundColor: '#f6f8fb',
    borderLeft: '3px solid #2a6f97',
    color: '#14213d',
    fontSize: '14px',
    margin: '12px 0 0',
    padding: '8px 12px',
  },
  noteLine: { fontSize: '14px', margin: '4px 0' },
  top: { color: '#14213d', fontSize: '14px', margin: '3px 0' },
  legend: { color: '#5b6474', fontSize: '12px', margin: '4px 0 0' },
  button: {
    backgroundColor: '#2a6f97',
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '14px',
    fontWeight: 600,
    padding: '10px 18px',
    textDecoration: 'none',
  },
  foot: { color: '#8a94a6', fontSize: '12px', margin: '4px 0' },
  sample: { color: '#b42318', fontSize: '12px', fontWeight: 700, margin: '0 0 8px' },
};

/** Three tiles a row: mail clients lay out tables, not grids. */
function tileRows(kpis: readonly PrintKpi[]): PrintKpi[][] {
  const rows: PrintKpi[][] = [];
  for (let i = 0; i < kpis.length; i += 3) rows.push(kpis.slice(i, i + 3));
  return rows;
}

function Tile({ kpi }: { kpi: PrintKpi }) {
  return (
    <Column style={s.tile}>
      <Text style={s.tileLabel}>{kpi.label}</Text>
      <Text style={s.tileValue}>{kpi.value}</Text>
      {kpi.compare && (
        <Text style={{ ...s.tileChange, color: TONE[kpi.compare.tone] }}>
          {kpi.compare.change} vs {kpi.compare.value}
        </Text>
      )}
    </Column>
  );
}

/** The e-mail as a React tree (react-email components). */
export function SummaryEmail({ model }: { model: SummaryEmailModel }) {
  const { chart } = model;
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${model.clientName}: report summary for ${model.period}`}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          {model.sample && <Text style={s.sample}>SAMPLE DATA: simulated visits</Text>}
          <Text style={s.kicker}>AD RESPONSE REPORT SUMMARY</Text>
          <Heading as="h1" style={s.h1}>
            {model.clientName}
          </Heading>
          <Text style={s.muted}>{model.period}</Text>
          {model.comparePeriod && (
            <Text style={s.muted}>Changes are against {model.comparePeriod}.</Text>
          )}
          <Text style={s.muted}>
            Sent by {model.senderName} ({model.senderEmail}).
          </Text>
          {model.note.length > 0 && (
            <Section style={s.note}>
              {model.note.map((line, i) => (
                // Paragraphs are positional; never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
                <Text key={i} style={s.noteLine}>
                  {line}
                </Text>
              ))}
            </Section>
          )}

          {model.kpis.length > 0 && (
            <>
              <Heading as="h2" style={s.h2}>
                Key figures
              </Heading>
              {tileRows(model.kpis).map((row) => (
                <Row key={row.map((k) => k.label).join('|')} style={s.tileRow}>
                  {row.map((kpi) => (
                    <Tile key={kpi.label} kpi={kpi} />
                  ))}
                </Row>
              ))}
            </>
          )}

          {chart && (
            <>
              <Heading as="h2" style={s.h2}>
                Visits per {chart.bucket}
              </Heading>
              <Img
                src={`cid:${chart.cid}`}
                width={SUMMARY_CHART_SIZE.width}
                height={SUMMARY_CHART_SIZE.height}
                alt={`Chart of visits per ${chart.bucket} from ${chart.first} to ${chart.last}`}
                style={{ border: '1px solid #e3e7ee', maxWidth: '100%', height: 'auto' }}
              />
              <Text style={s.legend}>
                {chart.first} to {chart.last}.{' '}
                <span style={{ color: SUMMARY_CHART_COLOURS.visits }}>Line: visits</span>;{' '}
                <span style={{ color: SUMMARY_CHART_COLOURS.baseline }}>dashed: baseline</span>;{' '}
                <span style={{ color: SUMMARY_CHART_COLOURS.airings }}>bars: airings</span>.
              </Text>
            </>
          )}

          <Heading as="h2" style={s.h2}>
            Top performers
          </Heading>
          {model.tops.length === 0 ? (
            <Text style={s.top}>Not enough airings per row to name a top performer yet.</Text>
          ) : (
            model.tops.map((top) => (
              <Text key={top.title} style={s.top}>
                <strong>{top.title}:</strong> {top.label} ({top.detail}
                {top.directional ? ', directional' : ''})
              </Text>
            ))
          )}

          <Section style={{ margin: '24px 0 8px' }}>
            <Button href={model.link} style={s.button}>
              Open the full report
            </Button>
          </Section>
          <Text style={s.foot}>
            Or paste this address into your browser: <Link href={model.link}>{model.link}</Link>
          </Text>
          <Hr style={{ borderColor: '#e3e7ee', margin: '16px 0' }} />
          <Text style={s.foot}>
            AnalyticOwl sent this e-mail because {model.senderEmail} asked it to. Opening the report
            needs an account with access to {model.clientName}.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The e-mail's HTML and plain-text parts (react-email's render; the text part is derived from
 * the same tree, so both say the same).
 */
export async function renderSummaryEmail(
  model: SummaryEmailModel,
): Promise<{ html: string; text: string }> {
  const element = <SummaryEmail model={model} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
