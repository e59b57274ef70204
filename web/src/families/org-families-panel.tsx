import { type FormEvent, useId, useState } from 'react';
import useSWR from 'swr';
import { familyGenerateRequestSchema } from '#shared/contracts/families.schema';
import {
  orgReportingRequestSchema,
  stationGroupOptionsSchema,
} from '#shared/contracts/org-families.schema';
import { callRoute, errorMessage } from '../api/client';
import styles from './families.module.css';
import { periodName } from './family-choices';
import { startFamily } from './use-families';

/** The organisation families on the generated reports page, in menu order. */
const ORG_CHOICES = [
  {
    kind: 'monthly_tsq',
    label: 'Station month',
    description:
      "A station's month across its advertisers, ranked by visits per airing. Only clients you may see are named.",
  },
  {
    kind: 'advertiser',
    label: 'Advertiser report',
    description: 'One advertiser across every station and market your organisation carries it on.',
  },
  {
    kind: 'activity',
    label: 'Activity report',
    description:
      'Clients onboarded, reports run, airings imported and connections made by a station group or organisation.',
  },
  {
    kind: 'org_reporting',
    label: 'Organisation roll-up',
    description: 'Every client of an organisation: a zip of one PDF each and one summary CSV.',
  },
] as const;
type OrgKind = (typeof ORG_CHOICES)[number]['kind'];

/** The first of the previous month and its last day (YYYY-MM-DD, UTC). */
function lastMonth(): { start: string; end: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
}

/**
 * The organisation reports form (spec §7 station_group_options and the station month,
 * advertiser, activity and organisation roll-up calls): what can be chosen comes from
 * station_group_options (the caller's visible clients only); executive summary only and the
 * CSV as on the client form (the roll-up's zip always carries summary.csv); the request is checked with the
 * shared contract before it is sent; `onStarted` gets the job to follow (its progress bar and
 * links are the page's). Its labels and button name share no words with the client families'
 * form above it (Report, Client, Month, Generate), so each form is found by its own names.
 */
export function OrgFamiliesPanel({ onStarted }: { onStarted: (jobId: string) => void }) {
  const ids = {
    kind: useId(),
    subject: useId(),
    month: useId(),
    start: useId(),
    end: useId(),
    error: useId(),
  };
  const options = useSWR(['station_group_options'] as const, async ([name]) =>
    stationGroupOptionsSchema.parse(await callRoute(name, {})),
  );
  const [kind, setKind] = useState<OrgKind>('monthly_tsq');
  const [subject, setSubject] = useState('');
  const [month, setMonth] = useState('');
  const [range, setRange] = useState(lastMonth);
  const [executiveOnly, setExecutiveOnly] = useState(false);
  const [csv, setCsv] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const choice = ORG_CHOICES.find((c) => c.kind === kind) ?? ORG_CHOICES[0];
  const data = options.data;

  const subjects: Array<{ id: string; name: string }> =
    kind === 'monthly_tsq'
      ? (data?.stations ?? []).map((s) => ({
          id: s.id,
          name: `${s.id} (${s.clients} ${s.clients === 1 ? 'client' : 'clients'})`,
        }))
      : kind === 'advertiser'
        ? (data?.advertisers ?? []).map((a) => ({
            id: a.advertiser_id,
            name: `${a.name} · ${a.organisation}`,
          }))
        : kind === 'activity'
          ? [
              ...(data?.station_groups ?? []).map((g) => ({
                id: `group:${g.id}`,
                name: `Station group: ${g.name}`,
              })),
              ...(data?.organisations ?? []).map((o) => ({
                id: `org:${o.id}`,
                name: `Organisation: ${o.name}`,
              })),
            ]
          : (data?.organisations ?? []).map((o) => ({ id: o.id, name: o.name }));
  const chosen = subjects.find((s) => s.id === subject) ?? subjects[0];
  const months = data?.stations.find((s) => s.id === chosen?.id)?.months ?? [];
  const chosenMonth = months.includes(month) ? month : (months[0] ?? '');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const id = chosen?.id ?? '';
    const include = { executive_only: executiveOnly };
    const parsed =
      kind === 'org_reporting'
        ? orgReportingRequestSchema.safeParse({ org_uid: id, ...range, ...include })
        : familyGenerateRequestSchema.safeParse({
            ...(kind === 'monthly_tsq'
              ? { kind, station_id: id, month: chosenMonth }
              : kind === 'advertiser'
                ? { kind, advertiser_id: id, ...range }
                : {
                    kind,
                    ...(id.startsWith('group:')
                      ? { station_group_id: id.slice(6) }
                      : { org_uid: id.slice(4) }),
                    ...range,
                  }),
            ...include,
            csv,
          });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Choose what to report on.');
      return;
    }
    setProblem(null);
    setStarting(true);
    try {
      const jobId =
        kind === 'org_reporting'
          ? (await callRoute<{ job_id: string }>('generate_org_reporting', parsed.data)).job_id
          : await startFamily(parsed.data as Parameters<typeof startFamily>[0]);
      onStarted(jobId);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };

  return (
    <form
      className={`card ${styles.form}`}
      aria-label="Generate an organisation report"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <div className={styles.field}>
        <label htmlFor={ids.kind} className={styles.label}>
          Organisation family
        </label>
        <select
          id={ids.kind}
          className="input"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as OrgKind);
            setSubject('');
          }}
        >
          {ORG_CHOICES.map((c) => (
            <option key={c.kind} value={c.kind}>
              {c.label}
            </option>
          ))}
        </select>
        <p className={styles.hint}>{choice.description}</p>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.subject} className={styles.label}>
          {kind === 'monthly_tsq'
            ? 'Station'
            : kind === 'advertiser'
              ? 'Advertiser'
              : kind === 'activity'
                ? 'Station group or organisation'
                : 'Organisation'}
        </label>
        <select
          id={ids.subject}
          className="input"
          value={chosen?.id ?? ''}
          onChange={(e) => setSubject(e.target.value)}
          disabled={subjects.length === 0}
        >
          {subjects.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      {kind === 'monthly_tsq' ? (
        <div className={styles.field}>
          <label htmlFor={ids.month} className={styles.label}>
            Period
          </label>
          <select
            id={ids.month}
            className="input"
            value={chosenMonth}
            onChange={(e) => setMonth(e.target.value)}
            disabled={months.length === 0}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {periodName(m)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <>
          <div className={styles.field}>
            <label htmlFor={ids.start} className={styles.label}>
              From
            </label>
            <input
              id={ids.start}
              type="date"
              className="input"
              value={range.start}
              onChange={(e) => setRange({ ...range, start: e.target.value })}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.end} className={styles.label}>
              To
            </label>
            <input
              id={ids.end}
              type="date"
              className="input"
              value={range.end}
              onChange={(e) => setRange({ ...range, end: e.target.value })}
            />
          </div>
        </>
      )}
      <fieldset className={styles.checks}>
        <legend className={styles.label}>Include</legend>
        <label>
          <input
            type="checkbox"
            checked={executiveOnly}
            onChange={(e) => setExecutiveOnly(e.target.checked)}
          />{' '}
          Executive summary only
        </label>
        {kind === 'org_reporting' ? (
          // The roll-up's zip always holds summary.csv: shown, not a choice.
          <label>
            <input type="checkbox" checked disabled readOnly /> CSV summary (always in the zip)
          </label>
        ) : (
          <label>
            <input type="checkbox" checked={csv} onChange={(e) => setCsv(e.target.checked)} /> CSV
            of the tables
          </label>
        )}
      </fieldset>
      <div className={styles.actions}>
        <button
          type="submit"
          className="button button--primary"
          disabled={starting || subjects.length === 0}
          aria-describedby={problem ? ids.error : undefined}
        >
          {starting ? 'Starting…' : 'Build organisation report'}
        </button>
        {problem && (
          <p id={ids.error} className="form-field__error" role="alert">
            {problem}
          </p>
        )}
        {data && subjects.length === 0 && (
          <p className={styles.hint}>
            Nothing to choose yet: none of your clients fits this report.
          </p>
        )}
        {options.error && (
          <p className="form-field__error" role="alert">
            {errorMessage(options.error)}
          </p>
        )}
      </div>
    </form>
  );
}
