import type { CompanyListItem } from '#shared/contracts/api.schema';

/** Profile trophy levels, lowest first. */
export const TROPHY_LEVELS = ['bronze', 'silver', 'gold'] as const;
export type TrophyLevel = (typeof TROPHY_LEVELS)[number];

/** What the trophies count, over the user's own clients (demo and sample clients left out). */
export interface Activity {
  /** Clients with at least one report run. */
  reported: number;
  /** Clients whose website analytics are connected (connected or lite_connected). */
  connected: number;
}

/** What each level needs (both counts at least these). */
export const TROPHY_RULES: Record<TrophyLevel, Activity> = {
  bronze: { reported: 1, connected: 0 },
  silver: { reported: 10, connected: 3 },
  gold: { reported: 50, connected: 10 },
};

/** The rule as the profile shows it. */
export const TROPHY_RULE_TEXT =
  'Bronze: your first report. Silver: 3 connected clients and 10 clients with a report. Gold: 10 connected clients and 50 clients with a report.';

/**
 * Counts the activity the trophies reward from the user's client list (fetch_companies): only
 * clients the user may see are listed there, and the shared demo and sample-data clients do not
 * count, so a trophy is earned with the user's own work.
 */
export function activityOf(clients: readonly CompanyListItem[]): Activity {
  const own = clients.filter((c) => !c.demo && !c.sample_data);
  return {
    reported: own.filter((c) => c.latest_report_id !== null).length,
    connected: own.filter(
      (c) => c.connection_status === 'connected' || c.connection_status === 'lite_connected',
    ).length,
  };
}

/** A trophy standing: the level held (null before the first report) and what the next needs. */
export interface TrophyStanding {
  level: TrophyLevel | null;
  /** The next level and what is still missing, e.g. ["2 more connected clients"]; null at gold. */
  next: { level: TrophyLevel; missing: string[] } | null;
}

const plural = (n: number, one: string, many: string) => `${n} more ${n === 1 ? one : many}`;

/**
 * The profile trophy (spec §2 "profile trophy levels gold, silver, bronze"; the rule is ours,
 * {@link TROPHY_RULES}): the highest level whose counts are all met, and what the next one needs.
 */
export function trophyStanding(activity: Activity): TrophyStanding {
  const meets = (level: TrophyLevel) =>
    activity.reported >= TROPHY_RULES[level].reported &&
    activity.connected >= TROPHY_RULES[level].connected;
  const held = [...TROPHY_LEVELS].reverse().find(meets) ?? null;
  const nextLevel = TROPHY_LEVELS[held === null ? 0 : TROPHY_LEVELS.indexOf(held) + 1];
  if (!nextLevel) return { level: held, next: null };
  const need = TROPHY_RULES[nextLevel];
  const missing: string[] = [];
  if (activity.connected < need.connected)
    missing.push(
      plural(need.connected - activity.connected, 'connected client', 'connected clients'),
    );
  if (activity.reported < need.reported)
    missing.push(
      plural(need.reported - activity.reported, 'client with a report', 'clients with a report'),
    );
  return { level: held, next: { level: nextLevel, missing } };
}
