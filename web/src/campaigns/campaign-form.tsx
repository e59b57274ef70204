import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import {
  CAMPAIGN_GOAL_KINDS,
  CAMPAIGN_NAME_MAX,
  type Campaign,
  type CampaignFields,
  type CampaignGoalKind,
} from '#shared/contracts/campaigns.schema';
import { ApiError, errorMessage } from '../api/client';
import { createCampaign, updateCampaign } from '../api/use-campaigns';
import { FormAlert, SubmitButton, TextField } from '../auth/form-controls';
import {
  type CampaignFormValues,
  campaignFormSchema,
  campaignToForm,
  emptyCampaignForm,
} from './campaign-form-schema';
import styles from './campaigns.module.css';
import { type Choice, ChoiceList } from './choice-list';

/** Props of {@link CampaignForm}. */
export interface CampaignFormProps {
  clientUid: string;
  /** The campaign being edited; absent = a new campaign. */
  campaign?: Campaign;
  /** The client's stations and creatives (from the report on screen). */
  stations: readonly Choice[];
  creatives: readonly Choice[];
  /** Called with the stored campaign's uid. */
  onSaved: (campaignUid: string) => void;
  onCancel: () => void;
}

const TARGET_LABELS: Record<CampaignGoalKind, string> = {
  visits: 'Target visits',
  vpa: 'Target visits per airing',
  cost_per_visit: 'Target cost per visit ($)',
};

const SERVER_FIELDS: Record<string, keyof CampaignFormValues> = {
  budget_cents: 'budget',
  'goal.kind': 'goal_kind',
  'goal.target': 'goal_target',
};

/** A {@link ChoiceList} bound to the form's station or creative ids, with their error. */
function ChoiceField({
  control,
  name,
  legend,
  hint,
  choices,
}: {
  control: Control<CampaignFormValues, unknown, CampaignFields>;
  name: 'station_ids' | 'creative_ids';
  legend: string;
  hint: string;
  choices: readonly Choice[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ChoiceList
          legend={legend}
          hint={hint}
          choices={choices}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * The create / edit form of a campaign (spec §7 create_campaign, update_campaign):
 * react-hook-form with the shared contract's rules (campaign-form-schema.ts); a server error
 * naming a field shows on that field, others above the form.
 */
export function CampaignForm({
  clientUid,
  campaign,
  stations,
  creatives,
  onSaved,
  onCancel,
}: CampaignFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const goalId = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CampaignFormValues, unknown, CampaignFields>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: campaign ? campaignToForm(campaign) : emptyCampaignForm(),
  });
  const goalKind = useWatch({ control, name: 'goal_kind' });

  const onSubmit = async (fields: CampaignFields) => {
    setProblem(null);
    try {
      if (campaign) {
        const ids = { client_uid: clientUid, campaign_uid: campaign.campaign_uid };
        await updateCampaign({ ...ids, ...fields });
        onSaved(campaign.campaign_uid);
      } else {
        onSaved((await createCampaign({ client_uid: clientUid, ...fields })).campaign_uid);
      }
    } catch (error) {
      const field = error instanceof ApiError && error.field ? error.field.split('.')[0] : null;
      const target =
        error instanceof ApiError && error.field
          ? (SERVER_FIELDS[error.field] ?? (field as keyof CampaignFormValues))
          : null;
      if (target && target in emptyCampaignForm())
        setError(target, { message: (error as ApiError).message });
      else setProblem(errorMessage(error));
    }
  };

  return (
    <form
      className={`auth-form ${styles.form}`}
      noValidate
      aria-label={campaign ? `Edit campaign ${campaign.name}` : 'New campaign'}
      onSubmit={handleSubmit(onSubmit)}
    >
      <FormAlert message={problem} />
      <TextField
        label="Campaign name"
        autoComplete="off"
        maxLength={CAMPAIGN_NAME_MAX}
        registration={register('name')}
        error={errors.name}
      />
      <div className={styles.row}>
        <TextField
          label="Flight start"
          type="date"
          registration={register('flight_start')}
          error={errors.flight_start}
        />
        <TextField
          label="Flight end"
          type="date"
          registration={register('flight_end')}
          error={errors.flight_end}
        />
      </div>
      <div className={styles.row}>
        <TextField
          label="Budget ($)"
          inputMode="decimal"
          autoComplete="off"
          registration={register('budget')}
          error={errors.budget}
        />
        <div className="form-field">
          <label htmlFor={goalId} className="form-field__label">
            Goal
          </label>
          <select id={goalId} className="select form-field__input" {...register('goal_kind')}>
            {Object.entries(CAMPAIGN_GOAL_KINDS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={TARGET_LABELS[goalKind]}
          inputMode="decimal"
          autoComplete="off"
          registration={register('goal_target')}
          error={errors.goal_target}
        />
      </div>
      <div className={styles.row}>
        <ChoiceField
          control={control}
          name="station_ids"
          legend="Stations"
          hint="None checked: every station."
          choices={stations}
        />
        <ChoiceField
          control={control}
          name="creative_ids"
          legend="Creatives"
          hint="None checked: every creative."
          choices={creatives}
        />
      </div>
      <TextField
        label="Markets (DMA codes)"
        hint="Nielsen DMA codes separated by commas, e.g. 501, 803. Empty: every market."
        autoComplete="off"
        registration={register('dmas')}
        error={errors.dmas}
      />
      <div className="modal__footer">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton busy={isSubmitting} busyLabel="Saving…">
          {campaign ? 'Save campaign' : 'Create campaign'}
        </SubmitButton>
      </div>
    </form>
  );
}
