import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useMemo, useState } from 'react';
import {
  type FieldError,
  type UseFormRegisterReturn,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import {
  MAX_SCHEDULE_RECIPIENTS,
  SCHEDULE_RANGES,
  type Schedule,
} from '#shared/contracts/schedules.schema';
import { ApiError, errorMessage } from '../api/client';
import { FieldMessage, FormAlert, SubmitButton } from '../auth/form-controls';
import {
  EVERY,
  formDefaults,
  formFieldOf,
  RANGE_FOR,
  type ScheduleFields,
  type ScheduleFormInput,
  type ScheduleFormValues,
  scheduleFormSchema,
  toScheduleFields,
} from './schedule-form-values';
import { RANGE_LABELS, WEEKDAYS, WHAT_LABELS } from './schedule-words';
import styles from './schedules.module.css';

/** Props of {@link ScheduleForm}. */
export interface ScheduleFormProps {
  /** The schedule edited; null creates one. */
  schedule: Schedule | null;
  /** The zone a new schedule starts in (the client's, else the browser's). */
  zone: string;
  /** The first recipient of a new schedule (the signed-in user). @default none */
  email?: string;
  /** Stores the fields (create_schedule or update_schedule); throws ApiError on refusal. */
  onSubmit: (fields: ScheduleFields) => Promise<void>;
  onCancel: () => void;
}

const EVERY_LABELS = { weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly' } as const;
const DAYS = Array.from({ length: 28 }, (_, i) => String(i + 1));

/**
 * A labelled select of the schedule form bound to react-hook-form, with the field's message
 * under it (none without `error`); `markInvalid` also flags the select itself as invalid while
 * the field has an error.
 */
function SelectField({
  id,
  label,
  registration,
  options,
  error,
  markInvalid,
}: {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: FieldError | undefined;
  markInvalid?: boolean;
}) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        aria-invalid={markInvalid && error ? true : undefined}
        {...registration}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessage error={error} />
    </div>
  );
}

/** Every zone Intl knows, with `extra` (the current value) kept when the list lacks it. */
function zonesWith(extra: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(extra) ? known : [extra, ...known];
}

/**
 * The create / edit form of a scheduled delivery (spec §7 create_schedule, update_schedule),
 * checked in the browser by the contract's own rules: what is sent (the report with its saved
 * settings or a generated family, optionally its executive summary alone), how often (weekly on
 * a weekday, monthly on a day, quarterly on a day of January, April, July and October), the
 * local time and the IANA zone it runs in, the range covered (changing the cadence picks the
 * matching range until the range is chosen by hand), recipients one address a row (1-20), and
 * the format (the PDF always, the tables' CSV optional). A field the server refuses shows its
 * message on that field; any other refusal (403: no permission or no Schedule feature) above.
 */
export function ScheduleForm({ schedule, zone, email, onSubmit, onCancel }: ScheduleFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ScheduleFormInput, unknown, ScheduleFormValues>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: formDefaults(schedule, zone, email),
  });
  const recipients = useFieldArray({ control, name: 'recipients' });
  const kind = watch('kind');
  const every = watch('every');
  const timeZone = watch('time_zone');
  const zones = useMemo(() => zonesWith(timeZone), [timeZone]);
  const everyField = register('every');
  const recipientsError = errors.recipients?.message ?? errors.recipients?.root?.message;

  const submit = async (values: ScheduleFormValues) => {
    setProblem(null);
    try {
      await onSubmit(toScheduleFields(values, schedule));
    } catch (error) {
      const field = error instanceof ApiError ? formFieldOf(error.field) : null;
      if (field && error instanceof ApiError) setError(field, { message: error.message });
      else setProblem(errorMessage(error));
    }
  };

  const label = (name: string) => `${id}-${name}`;
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={schedule ? 'Edit schedule' : 'New schedule'}
      onSubmit={handleSubmit(submit)}
    >
      <FormAlert message={problem} />
      <SelectField
        id={label('kind')}
        label="Send"
        registration={register('kind')}
        options={Object.entries(WHAT_LABELS).map(([value, text]) => ({ value, label: text }))}
        error={errors.kind}
      />
      {kind !== 'report' && (
        <label className="checkbox">
          <input type="checkbox" {...register('executive_only')} />
          Executive summary page only
        </label>
      )}
      <fieldset className={styles.fieldset}>
        <legend className="form-field__label">When</legend>
        <div className={styles.row}>
          <SelectField
            id={label('every')}
            label="How often"
            registration={{
              ...everyField,
              onChange: (event) => {
                const done = everyField.onChange(event);
                const next = event.target.value as (typeof EVERY)[number];
                if (!dirtyFields.range) setValue('range', RANGE_FOR[next]);
                return done;
              },
            }}
            options={EVERY.map((value) => ({ value, label: EVERY_LABELS[value] }))}
          />
          {every === 'weekly' ? (
            <SelectField
              id={label('weekday')}
              label="Day of the week"
              registration={register('weekday')}
              options={WEEKDAYS.map((name, i) => ({ value: String(i), label: name }))}
              error={errors.weekday}
            />
          ) : (
            <SelectField
              id={label('day')}
              label={
                every === 'quarterly' ? 'Day of January, April, July, October' : 'Day of the month'
              }
              registration={register('day')}
              options={DAYS.map((day) => ({ value: day, label: day }))}
              error={errors.day}
            />
          )}
          <div className="form-field">
            <label className="form-field__label" htmlFor={label('time')}>
              Local time
            </label>
            <input
              id={label('time')}
              type="time"
              className="input"
              aria-invalid={errors.local_time ? true : undefined}
              {...register('local_time')}
            />
            <FieldMessage error={errors.local_time} />
          </div>
        </div>
        <SelectField
          id={label('zone')}
          label="Time zone"
          registration={register('time_zone')}
          options={zones.map((z) => ({ value: z, label: z.replaceAll('_', ' ') }))}
          error={errors.time_zone}
          markInvalid
        />
      </fieldset>
      <SelectField
        id={label('range')}
        label="Covers"
        registration={register('range')}
        options={SCHEDULE_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
        error={errors.range}
      />
      <fieldset
        className={styles.fieldset}
        aria-describedby={recipientsError ? label('recipients-error') : undefined}
      >
        <legend className="form-field__label">Recipients</legend>
        <ul className={styles.recipients}>
          {recipients.fields.map((field, i) => {
            const error = errors.recipients?.[i]?.address;
            return (
              <li key={field.id} className={styles.recipient}>
                <label className="visually-hidden" htmlFor={label(`r${i}`)}>
                  Recipient {i + 1}
                </label>
                <input
                  id={label(`r${i}`)}
                  type="email"
                  className={`input${error ? ' input--invalid' : ''}`}
                  autoComplete="off"
                  placeholder="name@example.com"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? label(`r${i}-error`) : undefined}
                  {...register(`recipients.${i}.address`)}
                />
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`Remove recipient ${i + 1}`}
                  onClick={() => recipients.remove(i)}
                >
                  Remove
                </button>
                <FieldMessage id={label(`r${i}-error`)} error={error} />
              </li>
            );
          })}
        </ul>
        {recipientsError && (
          <p id={label('recipients-error')} className="form-field__error">
            {recipientsError}
          </p>
        )}
        <button
          type="button"
          className="button"
          disabled={recipients.fields.length >= MAX_SCHEDULE_RECIPIENTS}
          onClick={() => recipients.append({ address: '' }, { shouldFocus: true })}
        >
          Add recipient
        </button>
        <p className="form-field__hint">
          Each recipient gets their own e-mail with a link to unsubscribe.
        </p>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className="form-field__label">Format</legend>
        <p className="form-field__hint">
          The PDF is attached up to 7 MB; a larger one is sent as a link valid for 7 days.
        </p>
        <label className="checkbox">
          <input type="checkbox" {...register('csv')} />
          Also attach the tables as CSV
        </label>
      </fieldset>
      <div className="modal__footer">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton busy={isSubmitting} busyLabel="Saving…">
          {schedule ? 'Save schedule' : 'Create schedule'}
        </SubmitButton>
      </div>
    </form>
  );
}
