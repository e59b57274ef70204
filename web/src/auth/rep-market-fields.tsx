import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues } from 'react-hook-form';
import type { StationTypeId } from '#shared/contracts/stations.schema';
import { StationPicker } from '../components/station-picker';
import { MarketPicker } from './market-picker';
import { useRegions } from './use-lookups';

/** The two rep fields as every form that holds them names them. */
interface RepMarketValues {
  markets?: string[];
  default_station_id?: string;
}

/** Props of the rep's markets and station fields. */
export interface RepMarketFieldsProps<T extends FieldValues & RepMarketValues> {
  /** The control of a react-hook-form form with `markets` and `default_station_id`. */
  control: Control<T>;
  /** Markets whose stations the station picker lists first. */
  preferMarkets?: string[];
  /** Limits the station picker to one broadcast type; undefined = all types. */
  stationType?: StationTypeId;
  /** Fields shown between the markets and the station (registration's broadcast type). */
  children?: ReactNode;
}

/**
 * A rep's markets (DMAs, from the `regions` list) and primary station (from the `stations`
 * list), the same on registration and on the account's profile (spec §6 "Reps see markets,
 * primary broadcast type, primary station"). Errors come from the form's own schema.
 */
export function RepMarketFields<T extends FieldValues & RepMarketValues>({
  control,
  preferMarkets,
  stationType,
  children,
}: RepMarketFieldsProps<T>) {
  const regions = useRegions();
  // Both forms' values carry these two fields; react-hook-form cannot see that through a generic.
  const repControl = control as unknown as Control<RepMarketValues>;
  return (
    <>
      <Controller
        control={repControl}
        name="markets"
        render={({ field, fieldState }) => (
          <MarketPicker
            regions={regions}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      {children}
      <Controller
        control={repControl}
        name="default_station_id"
        render={({ field, fieldState }) => (
          <StationPicker
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            type={stationType}
            preferMarkets={preferMarkets}
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}
