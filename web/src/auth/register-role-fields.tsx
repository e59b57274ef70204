import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Registration, RegistrationInput } from '#shared/contracts/account.schema';
import { FieldMessage, TextField } from './form-controls';
import { RepMarketFields } from './rep-market-fields';
import { groupByParent, useIndustries } from './use-lookups';

/** The registration form as the role fields see it. */
export type RegistrationForm = UseFormReturn<RegistrationInput, unknown, Registration>;

/**
 * Advertiser fields (spec §6 "advertisers see industry, company, url"): industry from the
 * `industries` route, grouped by parent (a free-text id when the route is missing), company
 * and website.
 */
export function AdvertiserFields({ form }: { form: RegistrationForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  const industries = useIndustries();
  const id = useId();
  const error = errors.industry_id;
  return (
    <>
      {industries.status === 'ready' ? (
        <div className="form-field">
          <label htmlFor={id} className="form-field__label">
            Industry
          </label>
          <select
            id={id}
            className={`select form-field__input${error ? ' input--invalid' : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...register('industry_id')}
          >
            <option value="">Choose an industry</option>
            {groupByParent(industries.items, (i) => i.parent_name || i.name).map((group) => (
              <optgroup key={group.parent} label={group.parent}>
                {group.items.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldMessage id={`${id}-error`} error={error} />
        </div>
      ) : (
        <TextField
          label="Industry id"
          registration={register('industry_id')}
          error={error}
          disabled={industries.status === 'loading'}
          hint="The IAB ad-product category id of your business."
        />
      )}
      <TextField
        label="Company"
        autoComplete="organization"
        registration={register('company')}
        error={errors.company}
      />
      <TextField
        label="Website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="example.com"
        registration={register('url')}
        error={errors.url}
      />
    </>
  );
}

/**
 * Rep fields (spec §6 "Reps see markets, primary broadcast type, primary station"): markets
 * (DMAs, from the `regions` list), the primary broadcast type (all, tv, radio) and the primary
 * station, chosen from the `stations` list (of that broadcast type when one is chosen).
 */
export function RepFields({ form }: { form: RegistrationForm }) {
  const { register, control } = form;
  const typeId = useId();
  const broadcastType = form.watch('primary_broadcast_type') ?? 'all';
  const markets = form.watch('markets');
  return (
    <RepMarketFields
      control={control}
      preferMarkets={markets}
      stationType={broadcastType === 'all' ? undefined : broadcastType}
    >
      <div className="form-field">
        <label htmlFor={typeId} className="form-field__label">
          Primary broadcast type
        </label>
        <select
          id={typeId}
          className="select form-field__input"
          {...register('primary_broadcast_type')}
        >
          <option value="all">All</option>
          <option value="tv">TV</option>
          <option value="radio">Radio</option>
        </select>
      </div>
    </RepMarketFields>
  );
}
