import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Option } from '#shared/contracts/companies.schema';
import {
  CLIENT_ATTRIBUTION_METHODS,
  type ClientInfo,
  companySaveInputSchema,
  tagsField,
} from '#shared/contracts/company-client.schema';
import { ApiError, errorMessage } from '../api/client';
import { FieldMessage, FormAlert, SubmitButton, TextField } from '../auth/form-controls';
import { groupByParent, useIndustries } from '../auth/use-lookups';
import { ModalDialog } from '../components/modal-dialog';
import styles from './companies.module.css';
import { saveCompany, useClientInfo } from './use-company-api';

/** US time zones, listed first in the post-log time zone select (east to west). */
export const US_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

/** Every IANA zone the browser knows, US zones first (the rest alphabetical). */
export function timeZoneChoices(): string[] {
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  const us = new Set<string>(US_TIME_ZONES);
  return [...US_TIME_ZONES, ...all.filter((z) => !us.has(z) && z.includes('/')).sort()];
}

const METHOD_NAMES: Record<(typeof CLIENT_ATTRIBUTION_METHODS)[number], string> = {
  sessions: 'Sessions',
  pageviews: 'Page views',
  newuserbaseline: 'New users over baseline',
};

/**
 * The form's schema: the server's companySaveInputSchema, with tags typed as one
 * comma-separated line (split, then checked by the same tagsField rule).
 */
const clientFormSchema = companySaveInputSchema.extend({
  tags: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(tagsField),
});
type ClientFormInput = z.input<typeof clientFormSchema>;
type ClientFormValues = z.output<typeof clientFormSchema>;

const FIELDS = new Set([
  'name',
  'website',
  'industry_id',
  'postlog_timezone',
  'attribution_method',
  'tags',
  'rep_uids',
  'org_uid',
]);

/** Props of {@link ClientDialog}. */
export interface ClientDialogProps {
  /** The client to edit; none creates one. @default none */
  clientUid?: string;
  /** Organisations the caller may create a client in (creation only). */
  organizations: Option[];
  /** Saved: the client's info and whether it was created. */
  onSaved: (info: ClientInfo, created: boolean) => void;
  onClose: () => void;
}

/**
 * Create or edit a client (company_save): name, website, industry (IAB list), post-log time
 * zone (US zones first), attribution method, tags and reps (members of its organisation, from
 * fetch_client_info). Checked in the browser by the server's own schema; an error the server
 * names a field of is shown on that field.
 */
export function ClientDialog({ clientUid, organizations, onSaved, onClose }: ClientDialogProps) {
  const info = useClientInfo(clientUid ?? null);
  const title = clientUid ? 'Edit client' : 'Create client';
  if (clientUid && !info.data)
    return (
      <ModalDialog title={title} onClose={onClose}>
        {info.error ? (
          <FormAlert message={errorMessage(info.error)} />
        ) : (
          <p role="status">Loading the client…</p>
        )}
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </ModalDialog>
    );
  return (
    <ModalDialog title={title} onClose={onClose}>
      <ClientForm
        info={info.data}
        organizations={organizations}
        onSaved={onSaved}
        onClose={onClose}
      />
    </ModalDialog>
  );
}

function ClientForm({
  info,
  organizations,
  onSaved,
  onClose,
}: {
  info: ClientInfo | undefined;
  organizations: Option[];
  onSaved: ClientDialogProps['onSaved'];
  onClose: () => void;
}) {
  const industries = useIndustries();
  const zones = useMemo(timeZoneChoices, []);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClientFormInput, unknown, ClientFormValues>({
    resolver: zodResolver(clientFormSchema),
    defaultValues: {
      client_uid: info?.client_uid,
      org_uid: info?.org_uid ?? organizations[0]?.id,
      name: info?.name ?? '',
      website: info?.website ?? '',
      industry_id: info?.industry_id ?? '',
      postlog_timezone: info?.postlog_timezone ?? 'America/New_York',
      attribution_method: info?.attribution_method ?? 'sessions',
      tags: (info?.tags ?? []).join(', '),
      rep_uids: info?.rep_uids ?? [],
    },
  });

  const onSubmit = async (values: ClientFormValues) => {
    setProblem(null);
    try {
      const saved = await saveCompany({
        ...values,
        industry_id: values.industry_id ? values.industry_id : null,
        org_uid: info ? undefined : values.org_uid,
      });
      onSaved(saved.client_info, saved.created);
    } catch (error) {
      if (error instanceof ApiError && error.field && FIELDS.has(error.field))
        setError(error.field as Path<ClientFormInput>, { message: error.message });
      else setProblem(errorMessage(error));
    }
  };

  const select = (
    name: 'industry_id' | 'postlog_timezone' | 'attribution_method' | 'org_uid',
    label: string,
    options: React.ReactNode,
  ) => (
    <div className="form-field">
      <label htmlFor={`client-${name}`} className="form-field__label">
        {label}
      </label>
      <select
        id={`client-${name}`}
        className={`input form-field__input${errors[name] ? ' input--invalid' : ''}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `client-${name}-error` : undefined}
        {...register(name)}
      >
        {options}
      </select>
      <FieldMessage id={`client-${name}-error`} error={errors[name]} />
    </div>
  );

  return (
    <form className={styles.dialogForm} noValidate onSubmit={handleSubmit(onSubmit)}>
      <FormAlert message={problem} />
      <TextField label="Client name" registration={register('name')} error={errors.name} />
      <TextField
        label="Website"
        placeholder="example.com"
        registration={register('website')}
        error={errors.website}
      />
      {!info &&
        organizations.length > 1 &&
        select(
          'org_uid',
          'Organisation',
          organizations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          )),
        )}
      {industries.status === 'ready' ? (
        select(
          'industry_id',
          'Industry',
          <>
            <option value="">No industry</option>
            {groupByParent(industries.items, (i) => i.parent_name).map((g) =>
              g.parent ? (
                <optgroup key={g.parent} label={g.parent}>
                  {g.items.map((i) => (
                    <option key={i.id} value={i.id}>
                      {i.name}
                    </option>
                  ))}
                </optgroup>
              ) : (
                g.items.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.name}
                  </option>
                ))
              ),
            )}
          </>,
        )
      ) : (
        <TextField
          label="Industry id"
          hint="The IAB industry id, e.g. 1."
          registration={register('industry_id')}
          error={errors.industry_id}
        />
      )}
      {select(
        'postlog_timezone',
        'Post-log time zone',
        zones.map((z) => (
          <option key={z} value={z}>
            {z.replace(/_/g, ' ')}
          </option>
        )),
      )}
      {select(
        'attribution_method',
        'Attribution method',
        CLIENT_ATTRIBUTION_METHODS.map((m) => (
          <option key={m} value={m}>
            {METHOD_NAMES[m]}
          </option>
        )),
      )}
      <TextField
        label="Tags"
        hint="Separate tags with commas."
        registration={register('tags')}
        error={errors.tags as never}
      />
      {info && info.reps.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend>Reps</legend>
          {info.reps.map((rep) => (
            <label key={rep.id} className="checkbox">
              <input type="checkbox" value={rep.id} {...register('rep_uids')} />
              {rep.name}
            </label>
          ))}
          <FieldMessage error={errors.rep_uids as never} />
        </fieldset>
      )}
      <div className={styles.dialogActions}>
        <SubmitButton busy={isSubmitting} busyLabel="Saving…">
          {info ? 'Save client' : 'Create client'}
        </SubmitButton>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
