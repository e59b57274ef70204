import { useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { WEEKDAYS, type Weekday } from '#shared/contracts/locations.schema';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { DAY_LABELS, formToHours, type HoursForm, hoursToForm } from './hours';
import { FormActions, type LocationEditorProps } from './location-form-parts';
import styles from './locations-dialog.module.css';
import { saveLocationHours } from './use-locations';

/** One opening or closing time of a day; disabled while the day is closed. */
function DayTime({
  label,
  disabled,
  errorId,
  registration,
}: {
  /** The accessible name, e.g. "Monday opens at". */
  label: string;
  disabled: boolean;
  /** The id of the day's error message, when the day has one. */
  errorId: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <input
      type="time"
      className="input"
      aria-label={label}
      disabled={disabled}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      {...registration}
    />
  );
}

/** Opening hours per weekday: closed, or open–close times; or open all hours. */
export function HoursEditor({ clientUid, location, onDone, onCancel }: LocationEditorProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [dayErrors, setDayErrors] = useState<Partial<Record<Weekday, string>>>({});
  const { register, handleSubmit, watch, formState } = useForm<HoursForm>({
    defaultValues: hoursToForm(location.hours),
  });
  const allHours = watch('allHours');
  const days = watch('days');
  const first = useRef<HTMLInputElement | null>(null);
  const submit = async (form: HoursForm) => {
    setProblem(null);
    const out = formToHours(form);
    if (!out.ok) {
      setDayErrors(out.errors);
      return;
    }
    setDayErrors({});
    try {
      await saveLocationHours(clientUid, location.uid, out.hours);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const allReg = register('allHours');
  return (
    <form className={styles.hours} noValidate onSubmit={handleSubmit(submit)}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.subhead}>
          Opening hours of {location.nickname ?? location.name}{' '}
          <span className={styles.muted}>({location.timezone.replaceAll('_', ' ')} time)</span>
        </legend>
        <FormAlert message={problem} />
        <label className={styles.check}>
          <input
            type="checkbox"
            {...allReg}
            ref={(el) => {
              allReg.ref(el);
              first.current = el;
            }}
          />{' '}
          Open all hours (every store visit counts)
        </label>
        {!allHours && (
          <table className={styles.hoursTable}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Open</th>
                <th scope="col">Opens</th>
                <th scope="col">Closes</th>
              </tr>
            </thead>
            <tbody>
              {WEEKDAYS.map((d) => {
                const label = DAY_LABELS[d].long;
                const isOpen = days[d].open;
                const error = dayErrors[d];
                const errorId = `hours-${location.uid}-${d}-error`;
                const shownErrorId = error ? errorId : undefined;
                return (
                  <tr key={d}>
                    <th scope="row">{label}</th>
                    <td>
                      <label className={styles.check}>
                        <input type="checkbox" {...register(`days.${d}.open`)} />{' '}
                        {isOpen ? 'Open' : 'Closed'}
                        <span className="visually-hidden"> on {label}</span>
                      </label>
                    </td>
                    <td>
                      <DayTime
                        label={`${label} opens at`}
                        disabled={!isOpen}
                        errorId={shownErrorId}
                        registration={register(`days.${d}.from`)}
                      />
                    </td>
                    <td>
                      <DayTime
                        label={`${label} closes at`}
                        disabled={!isOpen}
                        errorId={shownErrorId}
                        registration={register(`days.${d}.to`)}
                      />
                      {error && (
                        <p id={errorId} className={styles.error}>
                          {error}
                        </p>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {!allHours && (
          <p className={styles.note}>
            A closing time before the opening time closes the next day (e.g. 20:00 to 02:00); 00:00
            to 00:00 is the whole day.
          </p>
        )}
      </fieldset>
      <FormActions
        label="Save hours"
        busyLabel="Saving…"
        busy={formState.isSubmitting}
        onCancel={onCancel}
      />
    </form>
  );
}
