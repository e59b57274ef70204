import { type ChangeEvent, useId, useState } from 'react';
import { type Control, type FieldError, useWatch } from 'react-hook-form';
import {
  EXECUTIVE_SUMMARY_MAX,
  isStoredLogo,
  type ReportSettingsInput,
} from '#shared/contracts/report-session.schema';
import { STATION_LOGO_BOX, STATION_LOGO_KINDS } from '#shared/contracts/station-info.schema';
import { errorMessage } from '../api/client';
import { saveStationLogo } from '../api/station-info';
import { FieldMessage, TextField } from '../auth/form-controls';
import type { GroupProps } from './customize-fields';

/**
 * The identity groups of the Customize window: station and rep fields (spec §3 Settings), cover
 * page (logo, client name, preparer, time frame, tracked website, station logos) and executive
 * summary text. Labels match the schema's messages, so an error names the field it is under.
 */

/**
 * The station logo (spec §3 station_logo): a preview, an upload that update_station_info checks
 * and resizes into the cover's 200 x 75 px box (it becomes the user's station logo, used on every
 * client's cover that has none of its own), Remove, and the older way, a web address.
 */
function StationLogoField({
  control,
  register,
  error,
  onStored,
}: {
  control: Control<ReportSettingsInput>;
  register: GroupProps['register'];
  error: FieldError | undefined;
  onStored: (logo: string) => void;
}) {
  const id = useId();
  const value = useWatch({ control, name: 'station.station_logo' }) ?? '';
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const store = async (file: File | null) => {
    setBusy(true);
    setProblem(null);
    try {
      onStored((await saveStationLogo(file)).station.station_logo);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void store(file);
  };
  const stored = isStoredLogo(value);
  return (
    <div className="form-field">
      {value && !error && (
        <img
          src={value}
          alt="Station logo"
          style={{ maxWidth: STATION_LOGO_BOX.width, maxHeight: STATION_LOGO_BOX.height }}
        />
      )}
      <label htmlFor={id} className="form-field__label">
        Upload station logo
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={pick}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        {busy
          ? 'Uploading…'
          : `${STATION_LOGO_KINDS}, up to 2 MB; resized to fit ${STATION_LOGO_BOX.width} x ${STATION_LOGO_BOX.height} px. It becomes your station logo on every cover.`}
      </p>
      {problem && (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      )}
      {stored ? (
        <button type="button" className="button" disabled={busy} onClick={() => void store(null)}>
          Remove station logo
        </button>
      ) : (
        <TextField
          label="Station logo address"
          type="url"
          placeholder="https://"
          registration={register('station.station_logo')}
          error={error}
        />
      )}
    </div>
  );
}

/** Station fields (spec §3; at most 64 characters, spec §9), with the logo upload. */
export function StationGroup({
  register,
  errors,
  control,
  onLogoStored,
}: GroupProps & {
  control: Control<ReportSettingsInput>;
  /** The logo update_station_info stored ('' = removed): the form takes it as a change. */
  onLogoStored: (logo: string) => void;
}) {
  const e = errors.station;
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Station</legend>
      <div className="form-grid">
        <TextField
          label="Station name"
          maxLength={64}
          registration={register('station.name')}
          error={e?.name}
        />
        <TextField
          label="Station phone"
          type="tel"
          registration={register('station.phone')}
          error={e?.phone}
        />
        <TextField
          label="Station address"
          maxLength={64}
          registration={register('station.address')}
          error={e?.address}
        />
        <TextField
          label="Station locale"
          maxLength={64}
          registration={register('station.locale')}
          error={e?.locale}
        />
        <TextField label="Station website" registration={register('station.url')} error={e?.url} />
      </div>
      <StationLogoField
        control={control}
        register={register}
        error={e?.station_logo}
        onStored={onLogoStored}
      />
    </fieldset>
  );
}

/** Rep fields (spec §3 rep_*). */
export function RepGroup({
  register,
  errors,
  control,
}: GroupProps & { control: Control<ReportSettingsInput> }) {
  const e = errors.rep;
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Rep</legend>
      <div className="form-grid">
        <TextField label="Rep name" registration={register('rep.rep_name')} error={e?.rep_name} />
        <TextField
          label="Rep title"
          registration={register('rep.rep_title')}
          error={e?.rep_title}
        />
        <TextField
          label="Rep e-mail address"
          type="email"
          registration={register('rep.rep_email_address')}
          error={e?.rep_email_address}
        />
        <TextField
          label="Rep phone"
          type="tel"
          registration={register('rep.rep_phone')}
          error={e?.rep_phone}
        />
      </div>
      <LongText
        control={control}
        register={register}
        name="rep.rep_text"
        label="Rep text"
        max={500}
        error={e?.rep_text}
      />
    </fieldset>
  );
}

/** Cover page fields (spec §2 cover page). */
export function CoverGroup({ register, errors }: GroupProps) {
  const e = errors.cover;
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Cover page</legend>
      <div className="customize__options">
        <label className="checkbox form-check">
          <input type="checkbox" {...register('cover.show')} />
          Print a cover page
        </label>
        <label className="checkbox form-check">
          <input type="checkbox" {...register('cover.show_station_logos')} />
          Show station logos
        </label>
      </div>
      <div className="form-grid">
        <TextField
          label="Client name"
          registration={register('cover.client_name')}
          error={e?.client_name}
        />
        <TextField
          label="Preparer name"
          registration={register('cover.preparer_name')}
          error={e?.preparer_name}
        />
        <TextField
          label="Time frame"
          placeholder="e.g. March 2024"
          registration={register('cover.time_frame')}
          error={e?.time_frame}
        />
        <TextField
          label="Tracked website"
          placeholder="example.com"
          registration={register('cover.tracked_website')}
          error={e?.tracked_website}
        />
        <TextField
          label="Cover logo"
          type="url"
          placeholder="https://"
          registration={register('cover.logo_url')}
          error={e?.logo_url}
        />
      </div>
    </fieldset>
  );
}

/** A labelled textarea with a character count. */
function LongText({
  control,
  register,
  name,
  label,
  max,
  error,
}: {
  control: Control<ReportSettingsInput>;
  register: GroupProps['register'];
  name: 'executive_summary' | 'rep.rep_text';
  label: string;
  max: number;
  error: FieldError | undefined;
}) {
  const id = useId();
  const value = useWatch({ control, name }) ?? '';
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <textarea
        id={id}
        className={`input form-field__input customize__textarea${error ? ' input--invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count`}
        {...register(name)}
      />
      <p id={`${id}-count`} className="form-field__count">
        {`${value.length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} characters`}
      </p>
      <FieldMessage error={error} />
    </div>
  );
}

/** The executive summary (at most 4,000 characters). */
export function SummaryGroup({
  register,
  errors,
  control,
}: GroupProps & { control: Control<ReportSettingsInput> }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Executive summary</legend>
      <LongText
        control={control}
        register={register}
        name="executive_summary"
        label="Executive summary"
        max={EXECUTIVE_SUMMARY_MAX}
        error={errors.executive_summary}
      />
    </fieldset>
  );
}
