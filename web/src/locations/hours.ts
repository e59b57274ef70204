import {
  hoursSchema,
  type LocationHours,
  WEEKDAYS,
  type Weekday,
} from '#shared/contracts/locations.schema';

/** Weekday labels, short and long. */
export const DAY_LABELS: Record<Weekday, { short: string; long: string }> = {
  mon: { short: 'Mon', long: 'Monday' },
  tue: { short: 'Tue', long: 'Tuesday' },
  wed: { short: 'Wed', long: 'Wednesday' },
  thu: { short: 'Thu', long: 'Thursday' },
  fri: { short: 'Fri', long: 'Friday' },
  sat: { short: 'Sat', long: 'Saturday' },
  sun: { short: 'Sun', long: 'Sunday' },
};

/** One day of the hours editor: open or closed, and its times (HH:mm). */
export interface DayForm {
  open: boolean;
  from: string;
  to: string;
}
/** The hours editor's values: open all hours, or one row per weekday. */
export interface HoursForm {
  allHours: boolean;
  days: Record<Weekday, DayForm>;
}

const dayText = (d: LocationHours[Weekday]) =>
  d ? `${d.open}–${d.close === '00:00' && d.open === '00:00' ? '24:00' : d.close}` : 'closed';

/**
 * The hours in a few words: "Open all hours" without hours, else runs of weekdays with the same
 * hours, e.g. "Mon–Fri 09:00–17:00 · Sat 10:00–14:00 · Sun closed". A closing time at or before
 * the opening time closes the next day, shown with "(next day)".
 */
export function hoursSummary(hours: LocationHours | null): string {
  if (!hours) return 'Open all hours';
  const parts: string[] = [];
  let i = 0;
  while (i < WEEKDAYS.length) {
    const day = WEEKDAYS[i] as Weekday;
    const text = dayText(hours[day]);
    let j = i;
    while (j + 1 < WEEKDAYS.length && dayText(hours[WEEKDAYS[j + 1] as Weekday]) === text) j++;
    const last = WEEKDAYS[j] as Weekday;
    const span =
      i === j ? DAY_LABELS[day].short : `${DAY_LABELS[day].short}–${DAY_LABELS[last].short}`;
    const h = hours[day];
    const overnight = h && h.close !== '00:00' && h.close <= h.open ? ' (next day)' : '';
    parts.push(`${span} ${text}${overnight}`);
    i = j + 1;
  }
  return parts.join(' · ');
}

/** The editor's starting values: the location's hours, or 09:00–17:00 every day when open all hours. */
export function hoursToForm(hours: LocationHours | null): HoursForm {
  const days = Object.fromEntries(
    WEEKDAYS.map((d) => {
      const h = hours?.[d];
      return [
        d,
        { open: hours ? h !== null : true, from: h?.open ?? '09:00', to: h?.close ?? '17:00' },
      ];
    }),
  ) as Record<Weekday, DayForm>;
  return { allHours: hours === null, days };
}

/**
 * The editor's values as the contract's hours, checked with its schema (hoursSchema).
 * @returns the hours (null = open all hours), or the first problem per weekday.
 */
export function formToHours(
  form: HoursForm,
):
  | { ok: true; hours: LocationHours | null }
  | { ok: false; errors: Partial<Record<Weekday, string>> } {
  if (form.allHours) return { ok: true, hours: null };
  const raw = Object.fromEntries(
    WEEKDAYS.map((d) => {
      const f = form.days[d];
      return [d, f.open ? { open: f.from, close: f.to } : null];
    }),
  );
  const parsed = hoursSchema.safeParse(raw);
  if (parsed.success) return { ok: true, hours: parsed.data };
  const errors: Partial<Record<Weekday, string>> = {};
  for (const issue of parsed.error.issues) {
    const day = issue.path[0] as Weekday;
    errors[day] ??= issue.message;
  }
  return { ok: false, errors };
}
