import { useId, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import type { DimensionKey } from '#shared/contracts/report.schema';
import {
  REPORT_SECTIONS,
  type ReportSettingsInput,
  TABLE_COLUMNS,
  type TableColumn,
  VPA_MODES,
} from '#shared/contracts/report-session.schema';
import { dimensionInfo } from '#shared/report/dimensions';
import { FieldMessage } from '../auth/form-controls';

/**
 * The layout groups of the Customize window (which sections and columns show):
 * sections, display options (VPA mode, ROI, comparison) and per-table columns. Fields are
 * registered with react-hook-form against the shared settings schema.
 */

/** What every group receives from the form. */
export interface GroupProps {
  register: UseFormRegister<ReportSettingsInput>;
  errors: FieldErrors<ReportSettingsInput>;
}

/** A labelled checkbox bound to a boolean setting. */
function Check({
  register,
  name,
  label,
}: {
  register: UseFormRegister<ReportSettingsInput>;
  name: Path<ReportSettingsInput>;
  label: string;
}) {
  return (
    <label className="checkbox form-check">
      <input type="checkbox" {...register(name)} />
      {label}
    </label>
  );
}

/** Sections shown on the report (summary, chart, tables, ... industry). */
export function SectionsGroup({ register }: GroupProps) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Sections</legend>
      <div className="customize__options">
        {Object.entries(REPORT_SECTIONS).map(([key, label]) => (
          <Check
            key={key}
            register={register}
            name={`sections.${key}` as Path<ReportSettingsInput>}
            label={label}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** VPA mode (spec §3 vpa), ROI, comparison and the visits / VPA columns. */
export function DisplayGroup({ register, errors }: GroupProps) {
  const vpaId = useId();
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Display</legend>
      <div className="form-field">
        <label htmlFor={vpaId} className="form-field__label">
          VPA mode
        </label>
        <select id={vpaId} className="select" {...register('vpa')}>
          {Object.entries(VPA_MODES).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
        <FieldMessage error={errors.vpa} />
      </div>
      <div className="customize__options">
        <Check register={register} name="roi" label="Show ROI where cost is known" />
        <Check register={register} name="compare" label="Compare with the previous period" />
        <Check register={register} name="show.visits" label="Show visits" />
        <Check register={register} name="show.vpa" label="Show VPA" />
        <Check register={register} name="sortables" label="Sortable table headers" />
      </div>
    </fieldset>
  );
}

/** Props of {@link ColumnsGroup}. */
export interface ColumnsGroupProps {
  control: Control<ReportSettingsInput>;
  /** The tables to choose columns for. */
  tables: readonly DimensionKey[];
}

/**
 * Columns shown per table (spec §3 "hidden columns"): pick a table, tick the columns to show.
 * Unticking stores the column in that table's `hidden_columns`.
 */
export function ColumnsGroup({ control, tables }: ColumnsGroupProps) {
  const [table, setTable] = useState<DimensionKey>(tables[0] ?? 'daypart');
  const tableId = useId();
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">Columns</legend>
      <div className="form-field">
        <label htmlFor={tableId} className="form-field__label">
          Table
        </label>
        <select
          id={tableId}
          className="select"
          value={table}
          onChange={(e) => setTable(e.target.value as DimensionKey)}
        >
          {tables.map((key) => (
            <option key={key} value={key}>
              {dimensionInfo(key).tab}
            </option>
          ))}
        </select>
      </div>
      <Controller
        key={table}
        control={control}
        name={`tables.${table}.hidden_columns` as Path<ReportSettingsInput>}
        render={({ field }) => {
          const hidden = new Set((field.value as TableColumn[] | undefined) ?? []);
          const toggle = (column: TableColumn, shown: boolean) => {
            const next = new Set(hidden);
            if (shown) next.delete(column);
            else next.add(column);
            field.onChange([...next]);
          };
          return (
            <fieldset className="customize__options customize__columns">
              <legend className="visually-hidden">
                {`Columns of the ${dimensionInfo(table).tab} table`}
              </legend>
              {(Object.entries(TABLE_COLUMNS) as [TableColumn, string][]).map(([key, label]) => (
                <label key={key} className="checkbox form-check">
                  <input
                    type="checkbox"
                    checked={!hidden.has(key)}
                    onChange={(e) => toggle(key, e.target.checked)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
          );
        }}
      />
    </fieldset>
  );
}
