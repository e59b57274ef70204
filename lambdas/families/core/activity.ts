import type { FamilyDocument } from '#shared/contracts/families.schema';
import { formatDateMDY } from '#shared/format';
import type { FamilyPeriod } from './org-rollup-stats';

/**
 * The activity report (activity_report_generate; spec §1 report families, §7): what a station
 * group's or an organisation's clients did over a period. Each fact comes from where the
 * product already records it: clients onboarded (the client record's created_at), reports run
 * (stored report runs), airings imported (finished post-log imports: new airings), connections
 * (Google Analytics connections made). Logins are counted only when a login record exists
 * (`logins` null: the product keeps none, and the document says so).
 */

/** One client of the scope. */
export interface ActivityClient {
  client_uid: string;
  name: string;
  /** ISO-8601 UTC. */
  created_at: string;
}

/** Events of the scope's clients; instants ISO-8601 UTC (any time: the builder keeps the period's). */
export interface ActivityFacts {
  reports: ReadonlyArray<{ client_uid: string; at: string }>;
  imports: ReadonlyArray<{ client_uid: string; at: string; airings: number }>;
  connections: ReadonlyArray<{ client_uid: string; at: string }>;
  /** Sign-ins of the scope's users; null when no login record is kept. */
  logins: ReadonlyArray<{ user_id: string; at: string }> | null;
}

/** What the activity report is built from. */
export interface ActivityInput {
  /** "Station group" or "Organisation", and its name. */
  scope: { kind: 'station_group' | 'organisation'; name: string };
  /** Period in UTC dates (start 00:00 to end 24:00 UTC). */
  period: FamilyPeriod;
  /** Clients of the scope the caller may see; events of other clients are ignored. */
  clients: readonly ActivityClient[];
  facts: ActivityFacts;
}

/** Monday (UTC date YYYY-MM-DD) of the week holding an instant. */
export function weekOf(iso: string): string {
  const d = new Date(iso);
  const monday = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)),
  );
  return monday.toISOString().slice(0, 10);
}

/** Mondays of every week touching the period, in order. */
function weeksOf(period: FamilyPeriod): string[] {
  const out: string[] = [];
  const end = Date.parse(`${period.end}T00:00:00Z`);
  for (let w = Date.parse(`${weekOf(`${period.start}T00:00:00Z`)}T00:00:00Z`); w <= end; ) {
    out.push(new Date(w).toISOString().slice(0, 10));
    w += 7 * 86_400_000;
  }
  return out;
}

/**
 * Builds the activity report.
 * Steps: 1. keep events of the scope's clients inside the period; 2. per client: onboarded
 * date (when in the period), reports, airings imported, connections; 3. KPIs, a weekly chart,
 * the per-client table (clients with any activity, by name) and what is counted.
 */
export function buildActivityDocument(input: ActivityInput): FamilyDocument {
  const from = `${input.period.start}T00:00:00.000Z`;
  const to = new Date(Date.parse(`${input.period.end}T00:00:00Z`) + 86_400_000).toISOString();
  const inPeriod = (at: string) => at >= from && at < to;
  const scope = new Set(input.clients.map((c) => c.client_uid));
  const keep = <T extends { client_uid: string; at: string }>(xs: readonly T[]) =>
    xs.filter((x) => scope.has(x.client_uid) && inPeriod(x.at));
  const reports = keep(input.facts.reports);
  const imports = keep(input.facts.imports);
  const connections = keep(input.facts.connections);
  const logins = input.facts.logins?.filter((l) => inPeriod(l.at)) ?? null;
  const onboarded = input.clients.filter((c) => inPeriod(c.created_at));
  const airings = imports.reduce((s, i) => s + i.airings, 0);
  const count = <T extends { client_uid: string }>(
    xs: readonly T[],
    uid: string,
    f = (_: T) => 1,
  ) => xs.reduce((s, x) => (x.client_uid === uid ? s + f(x) : s), 0);
  const rows = [...input.clients]
    .sort((a, b) => a.name.localeCompare(b.name) || a.client_uid.localeCompare(b.client_uid))
    .map((c) => ({
      client: c.name,
      onboarded: inPeriod(c.created_at) ? formatDateMDY(c.created_at.slice(0, 10)) : '',
      reports: count(reports, c.client_uid),
      airings: count(imports, c.client_uid, (i) => i.airings),
      connections: count(connections, c.client_uid),
    }))
    .filter((r) => r.onboarded || r.reports || r.airings || r.connections);
  const weeks = weeksOf(input.period);
  const weekly = (xs: ReadonlyArray<{ at: string }>) =>
    weeks.map((w) => ({ x: w, y: xs.filter((x) => weekOf(x.at) === w).length }));
  const scopeWord = input.scope.kind === 'station_group' ? 'Station group' : 'Organisation';
  const loginNote =
    logins === null
      ? 'Logins are not counted: the product keeps no record of sign-ins yet.'
      : `Logins: sign-ins of the ${input.scope.kind === 'organisation' ? "organisation's members" : "group's users"}.`;
  return {
    kind: 'activity',
    title: input.scope.name,
    subtitle: `${scopeWord} activity`,
    period: { ...input.period },
    kpis: [
      { label: 'Clients onboarded', value: onboarded.length, unit: 'count' },
      { label: 'Reports run', value: reports.length, unit: 'count' },
      { label: 'Airings imported', value: airings, unit: 'airings' },
      { label: 'Connections made', value: connections.length, unit: 'count' },
      ...(logins === null
        ? []
        : [{ label: 'Logins', value: logins.length, unit: 'count' as const }]),
    ],
    sections: [
      {
        kind: 'chart',
        title: 'Activity per week',
        series: [
          { label: 'Reports run', points: weekly(reports) },
          { label: 'Imports', points: weekly(imports) },
          { label: 'Connections', points: weekly(connections) },
        ],
      },
      {
        kind: 'table',
        title: 'Clients with activity',
        columns: [
          { key: 'client', label: 'Client', unit: 'text' },
          { key: 'onboarded', label: 'Onboarded', unit: 'text' },
          { key: 'reports', label: 'Reports run', unit: 'count' },
          { key: 'airings', label: 'Airings imported', unit: 'airings' },
          { key: 'connections', label: 'Connections', unit: 'count' },
        ],
        rows,
      },
      {
        kind: 'text',
        title: 'What is counted',
        paragraphs: [
          `Clients: the ${input.clients.length} clients of this ${scopeWord.toLowerCase()} you may see. Days run from 00:00 to 24:00 UTC.`,
          'Onboarded: the client was created in the period. Reports run: report runs stored in the period. Airings imported: new airings of post-log imports that finished in the period. Connections: Google Analytics connections made in the period.',
          loginNote,
        ],
      },
    ],
    executive: {
      headline: `${input.scope.name}: ${onboarded.length} ${onboarded.length === 1 ? 'client' : 'clients'} onboarded and ${reports.length} ${reports.length === 1 ? 'report' : 'reports'} run in ${input.period.label}.`,
      bullets: [
        `${airings.toLocaleString('en-US')} airings imported.`,
        `${connections.length} analytics ${connections.length === 1 ? 'connection' : 'connections'} made.`,
        `${rows.length} of ${input.clients.length} clients had activity.`,
        loginNote,
      ],
    },
  };
}
