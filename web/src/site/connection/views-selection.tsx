import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CONNECTION_MESSAGES,
  createPropertiesSchema,
  type GaProperty,
  type ListPropertiesResult,
} from '#shared/contracts/connections.schema';
import { createProperties } from '../../api/connection-actions';
import { FormAlert } from '../../auth/form-controls';
import { connectionProblem } from './connection-errors';

/** The form's one field: the ticked property ids (the contract's rule: at least one). */
const viewsSchema = createPropertiesSchema.pick({ gaids: true });
type ViewsValues = z.output<typeof viewsSchema>;

/** Props of {@link ViewsSelection}. */
export interface ViewsSelectionProps {
  /** What list_properties answered (not empty). */
  result: ListPropertiesResult;
  /** Google's code the properties were listed with (create_properties is bound to it). */
  code: string;
  /** Called with the number of properties connected once create_properties succeeded. */
  onConnected: (count: number) => void;
}

/** The properties grouped by Google Analytics account, in the order listed. */
export function byAccount(properties: readonly GaProperty[]) {
  const groups = new Map<string, { id: string; name: string; properties: GaProperty[] }>();
  for (const p of properties) {
    const group = groups.get(p.gaccount_id) ?? {
      id: p.gaccount_id,
      name: p.account_name || `Account ${p.gaccount_id}`,
      properties: [],
    };
    group.properties.push(p);
    groups.set(p.gaccount_id, group);
  }
  return [...groups.values()];
}

/** One property's checkbox: its name as the label, its web address and time zone described. */
function PropertyOption({
  property,
  registration,
}: {
  property: GaProperty;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <li className="view-option">
      <input
        id={id}
        type="checkbox"
        value={property.gaid}
        aria-describedby={`${id}-d`}
        {...registration}
      />
      <label htmlFor={id} className="view-option__name">
        {property.gaview}
      </label>
      <span id={`${id}-d`} className="view-option__detail">
        {property.gaurl || 'No web data stream'} · Time zone {property.time_zone} · Property{' '}
        {property.gaid}
      </span>
    </li>
  );
}

/**
 * The views selection (spec §5): the Google user's GA4 properties grouped by account, each with
 * its name, website address and time zone; Connect stays disabled until at least one is ticked
 * (CONNECTION_MESSAGES.pickOne says why), then create_properties stores them. A failure shows
 * in words above the button and nothing is connected.
 */
export function ViewsSelection({ result, code, onConnected }: ViewsSelectionProps) {
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { isSubmitting, errors },
  } = useForm<z.input<typeof viewsSchema>, unknown, ViewsValues>({
    resolver: zodResolver(viewsSchema),
    defaultValues: { gaids: result.properties.filter((p) => p.checked).map((p) => p.gaid) },
  });
  const ticked = watch('gaids') ?? [];
  const none = ticked.length === 0;

  const onSubmit = async ({ gaids }: ViewsValues) => {
    setProblem(null);
    const accounts = new Set(
      result.properties.filter((p) => gaids.includes(p.gaid)).map((p) => p.gaccount_id),
    );
    const [account] = accounts;
    try {
      await createProperties({
        code,
        gaids,
        client_id: result.client_id,
        ...(accounts.size === 1 && account ? { gaccount_id: account } : {}),
      });
      onConnected(gaids.length);
    } catch (error) {
      setProblem(connectionProblem(error));
    }
  };

  return (
    <form
      className="views-selection"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={`Views to connect for ${result.client_name}`}
    >
      {byAccount(result.properties).map((account) => (
        <fieldset key={account.id} className="views-selection__account">
          <legend>{account.name}</legend>
          <ul className="views-selection__list">
            {account.properties.map((p) => (
              <PropertyOption key={p.gaid} property={p} registration={register('gaids')} />
            ))}
          </ul>
        </fieldset>
      ))}
      <FormAlert message={problem} />
      <div className="views-selection__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={none || isSubmitting}
          aria-busy={isSubmitting || undefined}
          aria-describedby={none ? hintId : undefined}
        >
          {isSubmitting
            ? 'Connecting…'
            : none
              ? 'Connect'
              : `Connect ${ticked.length} ${ticked.length === 1 ? 'view' : 'views'}`}
        </button>
        <p id={hintId} className="views-selection__hint" role="status">
          {none || errors.gaids ? (errors.gaids?.message ?? CONNECTION_MESSAGES.pickOne) : ''}
        </p>
      </div>
    </form>
  );
}
