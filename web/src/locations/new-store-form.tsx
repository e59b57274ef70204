import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { saveLocationInputSchema } from '#shared/contracts/locations.schema';
import { ApiError, errorMessage } from '../api/client';
import { FieldMessage, FormAlert, TextField } from '../auth/form-controls';
import { useRegions } from '../auth/use-lookups';
import { FormActions } from './location-form-parts';
import styles from './locations-dialog.module.css';
import { saveLocation } from './use-locations';

/** A store typed in by hand: save_location's fields, with the name and address it then needs. */
const newStoreSchema = saveLocationInputSchema.pick({ store_id: true, dma_code: true }).extend({
  name: z.string().trim().min(1, 'Enter the store name.').max(120),
  address: z
    .string()
    .trim()
    .min(1, 'Enter the store address.')
    .max(200, 'Address is at most 200 characters.'),
  dma_code: z.union([z.literal(''), z.string().regex(/^\d{3}$/, 'Pick the market (DMA).')]),
});

/**
 * A store typed in by hand: store id, name, address and market. `onDone(true)` once saved,
 * `onDone(false)` on Cancel; a server error naming a field is shown under that field.
 */
export function NewStoreForm({
  clientUid,
  onDone,
}: {
  clientUid: string;
  onDone: (added: boolean) => void;
}) {
  const regions = useRegions();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof newStoreSchema>>({
    resolver: zodResolver(newStoreSchema),
    defaultValues: { store_id: '', name: '', address: '', dma_code: '' },
  });
  const submit = async (v: z.infer<typeof newStoreSchema>) => {
    setProblem(null);
    try {
      await saveLocation({
        client_uid: clientUid,
        store_id: v.store_id,
        name: v.name,
        address: v.address,
        ...(v.dma_code ? { dma_code: v.dma_code } : {}),
      });
      onDone(true);
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === 'store_id' || field === 'name' || field === 'address' || field === 'dma_code')
        setError(field, { message: errorMessage(error) });
      else setProblem(errorMessage(error));
    }
  };
  const dmaId = useId();
  return (
    <form className={styles.newStore} noValidate onSubmit={handleSubmit(submit)}>
      <h3 className={styles.subhead}>New store</h3>
      <FormAlert message={problem} />
      <TextField label="Store id" registration={register('store_id')} error={errors.store_id} />
      <TextField label="Store name" registration={register('name')} error={errors.name} />
      <TextField label="Address" registration={register('address')} error={errors.address} />
      <div className="form-field">
        <label htmlFor={dmaId} className="form-field__label">
          Market (DMA)
        </label>
        <select
          id={dmaId}
          className={`input form-field__input${errors.dma_code ? ' input--invalid' : ''}`}
          aria-invalid={errors.dma_code ? true : undefined}
          aria-describedby={errors.dma_code ? `${dmaId}-error` : undefined}
          {...register('dma_code')}
        >
          <option value="">Not known (use the client's time zone)</option>
          {regions.status === 'ready' &&
            regions.items.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
        </select>
        <FieldMessage id={`${dmaId}-error`} error={errors.dma_code} />
      </div>
      <FormActions
        label="Add store"
        busyLabel="Adding…"
        busy={isSubmitting}
        onCancel={() => onDone(false)}
      />
    </form>
  );
}
