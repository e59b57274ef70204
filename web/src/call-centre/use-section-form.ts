import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CallActivity } from '#shared/contracts/call-centre.schema';
import { useRecordSaver } from './saver-context';
import { type Autosave, useAutosave } from './use-autosave';

/** One section's form and its autosave. */
export interface SectionForm<In extends FieldValues, Out> {
  form: UseFormReturn<In, unknown, Out>;
  autosave: Autosave;
}

/**
 * A section form of the advertiser panel (spec §2 accordion sections): react-hook-form with the
 * shared contract schema, saved as `activity` 3 s after the agent's last change. Invalid values
 * are not sent: their errors show under the fields instead.
 * @param values the record's current values (read once: later records never overwrite typing).
 */
export function useSectionForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  activity: CallActivity,
  values: DefaultValues<z.input<S>>,
): SectionForm<z.input<S>, z.output<S>> {
  const { save } = useRecordSaver();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never),
    defaultValues: values,
    mode: 'onTouched',
  });
  const autosave = useAutosave(() => {
    const parsed = schema.safeParse(form.getValues());
    if (parsed.success) void save(activity, parsed.data);
    else void form.trigger();
  });
  const { touch } = autosave;

  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') touch();
    });
    return () => subscription.unsubscribe();
  }, [form, touch]);

  return { form, autosave };
}
