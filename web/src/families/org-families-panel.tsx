import { type FormEvent, useState } from 'react';
import useSWR from 'swr';
import { familyGenerateRequestSchema } from '#shared/contracts/families.schema';
import {
  orgReportingRequestSchema,
  stationGroupOptionsSchema,
} from '#shared/contracts/org-families.schema';
import { callRoute, errorMessage } from '../api/client';
import styles from './families.module.css';
import { periodName } from './family-choices';
import {
  CsvCheck,
  DateField,
  IncludeChecks,
  SelectField,
  SubmitRow,
  useFamilyJobStart,
} from './family-fields';
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
  const options = useSWR(['station_group_options'] as const, async ([name]) =>
    stationGroupOptionsSchema.parse(await callRoute(name, {})),
  );
  const [kind, setKind] = useState<OrgKind>('monthly_tsq');
  const [subject, setSubject] = useState('');
  const [month, setMonth] = useState('');
  const [range, setRange] = useState(lastMonth);
  const [executiveOnly, setExecutiveOnly] = useState(false);
  const [csv, setCsv] = useState(false);
  const { problem, starting, start } = useFamilyJobStart();
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
    await start<unknown>(parsed, 'Choose what to report on.', async (request) => {
      const jobId =
        kind === 'org_reporting'
          ? (
              await callRoute<{ job_id: string }>(
                'generate_org_reporting',
                request as Record<string, unknown>,
              )
            ).job_id
          : await startFamily(request as Parameters<typeof startFamily>[0]);
      onStarted(jobId);
    });
  };

  return (
    <form
      className={`card ${styles.form}`}
      aria-label="Generate an organisation report"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <SelectField
        label="Organisation family"
        value={kind}
        options={ORG_CHOICES.map((c) => ({ value: c.kind, label: c.label }))}
        onChange={(value) => {
          setKind(value as OrgKind);
          setSubject('');
        }}
        hint={choice.description}
      />
      <SelectField
        label={
          kind === 'monthly_tsq'
            ? 'Station'
            : kind === 'advertiser'
              ? 'Advertiser'
              : kind === 'activity'
                ? 'Station group or organisation'
                : 'Organisation'
        }
        value={chosen?.id ?? ''}
        options={subjects.map((s) => ({ value: s.id, label: s.name }))}
        onChange={setSubject}
        disabled={subjects.length === 0}
      />
      {kind === 'monthly_tsq' ? (
        <SelectField
          label="Period"
          value={chosenMonth}
          options={months.map((m) => ({ value: m, label: periodName(m) }))}
          onChange={setMonth}
          disabled={months.length === 0}
        />
      ) : (
        <>
          <DateField
            label="From"
            value={range.start}
            onChange={(start) => setRange({ ...range, start })}
          />
          <DateField label="To" value={range.end} onChange={(end) => setRange({ ...range, end })} />
        </>
      )}
      <IncludeChecks
        executiveOnly={executiveOnly}
        onExecutiveOnly={setExecutiveOnly}
        csv={
          kind === 'org_reporting' ? (
            // The roll-up's zip always holds summary.csv: shown, not a choice.
            <label>
              <input type="checkbox" checked disabled readOnly /> CSV summary (always in the zip)
            </label>
          ) : (
            <CsvCheck csv={csv} onCsv={setCsv} />
          )
        }
      />
      <SubmitRow
        label="Build organisation report"
        starting={starting}
        disabled={subjects.length === 0}
        problem={problem}
      >
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
      </SubmitRow>
    </form>
  );
}
