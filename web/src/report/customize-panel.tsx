import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DimensionKey } from '#shared/contracts/report.schema';
import {
  type ReportDefaults,
  type ReportSettingsDoc,
  type ReportSettingsInput,
  reportDefaultsSchema,
  reportSettingsDocSchema,
} from '#shared/contracts/report-session.schema';
import { DIMENSIONS } from '#shared/report/dimensions';
import { errorMessage } from '../api/client';
import { FormAlert } from '../auth/form-controls';
import { ModalDialog } from '../components/modal-dialog';
import { ColumnsGroup, DisplayGroup, SectionsGroup } from './customize-fields';
import { CoverGroup, RepGroup, StationGroup, SummaryGroup } from './customize-identity';

/** Save state shown at the bottom of the window (from useReportSettings). */
export interface CustomizeStatus {
  saving: boolean;
  dirty: boolean;
  saveError: string | null;
}

/** Props of {@link CustomizePanel}. */
export interface CustomizePanelProps {
  /** The settings when the window opens. */
  settings: ReportSettingsDoc;
  /** Every valid change, at once (useReportSettings.update applies it and autosaves). */
  onChange: (next: ReportSettingsDoc) => void;
  /** reset_settings; resolves to the settings to show after it (useReportSettings.reset). */
  onReset: () => Promise<ReportSettingsDoc>;
  onClose: () => void;
  /** Tables offered in Columns. @default every dimension */
  tables?: readonly DimensionKey[];
  /**
   * Changes are not stored, and why: the read-only sample client, or a client the user may only
   * view (no `edit`). They still apply for this visit. @default undefined (changes are stored)
   */
  readOnly?: 'sample' | 'view';
  /** Save state. @default none shown */
  status?: CustomizeStatus;
  /** When given, a button stores the station and rep fields as the user's defaults. */
  onSaveDefaults?: (defaults: ReportDefaults) => Promise<void>;
}

/** Drops tables left at their defaults (the Columns picker registers each table it shows). */
export function withoutDefaultTables(doc: ReportSettingsDoc): ReportSettingsDoc {
  const tables = Object.fromEntries(
    Object.entries(doc.tables).filter(
      ([, t]) => t && (t.sort_field !== null || !t.sort_desc || t.hidden_columns.length > 0),
    ),
  );
  return { ...doc, tables };
}

function statusText(
  readOnly: CustomizePanelProps['readOnly'],
  status: CustomizeStatus | undefined,
): string {
  if (readOnly === 'sample') return 'Sample client: changes apply to this visit only.';
  if (readOnly === 'view') return 'You can view this client: changes apply to this visit only.';
  if (!status) return 'Changes are saved automatically.';
  if (status.saving) return 'Saving…';
  if (status.dirty) return 'Changes are saved a few seconds after you stop typing.';
  return 'All changes saved.';
}

/**
 * The Customize window (spec §2 "a customize window", §3 Settings): sections, display
 * options, columns per table, station, rep, cover page and executive summary, validated with
 * the shared zod schema as you type. Every valid change goes to `onChange` at once, so the
 * report behind updates live; invalid fields show their message and are not passed on.
 * A slide-in modal dialog: labelled, focus kept inside, Escape or Done closes it.
 */
export function CustomizePanel({
  settings,
  onChange,
  onReset,
  onClose,
  tables = DIMENSIONS.map((d) => d.key),
  readOnly,
  status,
  onSaveDefaults,
}: CustomizePanelProps) {
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const {
    register,
    control,
    watch,
    reset,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ReportSettingsInput, unknown, ReportSettingsDoc>({
    resolver: zodResolver(reportSettingsDocSchema),
    mode: 'onChange',
    defaultValues: settings,
  });

  // Pass user edits on (not resets, which come from the owner already).
  useEffect(() => {
    const subscription = watch((values, { type }) => {
      if (type !== 'change') return;
      const parsed = reportSettingsDocSchema.safeParse(values);
      if (parsed.success) onChangeRef.current(withoutDefaultTables(parsed.data));
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ ok: true, text: await work() });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const resetAll = () =>
    run(async () => {
      reset(await onReset());
      return 'Settings are back to the defaults.';
    });

  const saveDefaults = () =>
    run(async () => {
      const parsed = reportDefaultsSchema.safeParse(getValues());
      if (!parsed.success) throw new Error('Fix the station and rep fields first.');
      await onSaveDefaults?.(parsed.data);
      return 'Station and rep details saved as your defaults.';
    });

  // A logo update_station_info stored is a change like typing: shown and passed on at once.
  const logoStored = (logo: string) => {
    setValue('station.station_logo', logo, { shouldValidate: true, shouldDirty: true });
    const parsed = reportSettingsDocSchema.safeParse(getValues());
    if (parsed.success) onChangeRef.current(withoutDefaultTables(parsed.data));
  };

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <ModalDialog
      title="Customize report"
      variant="side"
      onClose={onClose}
      closeOnBackdrop
      footer={
        <>
          <button
            type="button"
            className="button modal__footer-start"
            onClick={resetAll}
            disabled={busy}
          >
            Reset settings
          </button>
          {onSaveDefaults && (
            <button type="button" className="button" onClick={saveDefaults} disabled={busy}>
              Save as my default
            </button>
          )}
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      <p className="modal__status" role="status">
        {hasErrors ? 'Fix the marked fields to keep your changes.' : statusText(readOnly, status)}
      </p>
      <FormAlert message={status?.saveError} />
      {notice && <FormAlert tone={notice.ok ? 'success' : 'error'} message={notice.text} />}
      <form noValidate aria-label="Report settings" onSubmit={(e) => e.preventDefault()}>
        <SectionsGroup register={register} errors={errors} />
        <DisplayGroup register={register} errors={errors} />
        <ColumnsGroup control={control} tables={tables} />
        <StationGroup
          register={register}
          errors={errors}
          control={control}
          onLogoStored={logoStored}
        />
        <RepGroup register={register} errors={errors} control={control} />
        <CoverGroup register={register} errors={errors} />
        <SummaryGroup register={register} errors={errors} control={control} />
      </form>
    </ModalDialog>
  );
}
