import type { Caller } from '#shared/auth/caller';
import {
  type ClientRecord,
  type CompaniesRepository,
  clientWithPerms,
} from '#shared/companies/companies';
import type { PermsMap } from '#shared/contracts/account.schema';
import type { Option } from '#shared/contracts/companies.schema';
import type { ClientInfo } from '#shared/contracts/company-client.schema';
import type { Schedule } from '#shared/contracts/schedules.schema';
import { withNextRun } from '../../schedules/core/schedules';
import type { CalculatorReader, ClientDeps } from './client-ports';

/** The client's scheduled deliveries (the schedules context's SchedulesStore fits). */
export interface ScheduleLister {
  listSchedules(clientUid: string): Promise<Schedule[]>;
}

/**
 * A user's display name: "first last" from the profile, else the e-mail, else the id (a member
 * without a profile yet still shows as someone).
 */
export async function displayName(
  accounts: ClientDeps['accounts'],
  userId: string,
): Promise<string> {
  const p = await accounts.getProfile(userId);
  const name = p ? `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() : '';
  return name || p?.primary_email || userId;
}

/**
 * User ids of an organisation's members: the member index, plus the ids in `also` that really
 * belong to it (memberships written before the index, e.g. the organisation's creator, are not
 * in the index; CompaniesRepository.rolesOfUser is the source of truth).
 */
export async function orgMemberIds(
  deps: Pick<ClientDeps, 'accounts' | 'companies'>,
  orgUid: string,
  also: readonly string[] = [],
): Promise<string[]> {
  const ids = new Set((await deps.accounts.membersOf(orgUid)).map((m) => m.user_id));
  for (const id of also) {
    if (ids.has(id)) continue;
    if ((await deps.companies.rolesOfUser(id)).has(orgUid)) ids.add(id);
  }
  return [...ids];
}

/** The org's members as rep choices `{ id, name }`, by name. */
export async function repChoices(
  deps: Pick<ClientDeps, 'accounts' | 'companies'>,
  client: ClientRecord,
  callerId: string,
): Promise<Option[]> {
  const ids = await orgMemberIds(deps, client.org_uid, [callerId, ...(client.rep_uids ?? [])]);
  const named = await Promise.all(
    ids.map(async (id) => ({ id, name: await displayName(deps.accounts, id) })),
  );
  return named.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * Goals and the return calculator: the acquisition plan kept on the client (acquisitionowl_save)
 * when one is saved (its ad spend, conversion rate and order value, and the plan's goal,
 * markets, outlets, spot length and dayparts), else the caller's own report settings.
 */
function goalsOf(
  client: ClientRecord,
  calc: Awaited<ReturnType<CalculatorReader['calculatorOf']>>,
): Pick<ClientInfo, 'goals_and_objectives' | 'return_calculator'> {
  const plan = client.goals_and_objectives;
  const ret = client.return_calculator;
  return {
    goals_and_objectives: plan
      ? { ...plan }
      : { ad_spend_cents: calc ? calc.ad_spend_cents : null },
    return_calculator: ret
      ? {
          average_sale_cents: ret.order_value_cents,
          close_rate_pct: ret.conversion_rate_pct,
          conversion_rate_pct: ret.conversion_rate_pct,
          order_value_cents: ret.order_value_cents,
        }
      : calc
        ? { average_sale_cents: calc.order_value_cents, close_rate_pct: calc.conversion_rate_pct }
        : null,
  };
}

/**
 * The client_info of a client for the caller (spec §3 "Client info"): its editable fields, the
 * caller's perms, the org's members as rep choices (only for a caller with edit; others see the
 * client's reps alone), goals and the return calculator from the
 * caller's saved report settings of the client (null/absent when none are saved: the calculator's
 * ad spend is the goal, its order value and conversion rate the average sale and close rate),
 * websites, and report_schedules: the client's scheduled deliveries with their next run, only
 * for a caller with the `schedule` permission (they name the recipients' e-mail addresses);
 * empty for others, or when `schedules` is not given.
 */
export async function clientInfoOf(
  deps: Pick<ClientDeps, 'accounts' | 'companies'> & {
    calculators: CalculatorReader;
    schedules?: ScheduleLister;
  },
  caller: Caller,
  client: ClientRecord,
  perms: PermsMap,
): Promise<ClientInfo> {
  // Only someone who may edit the client picks reps: a viewer (a share) sees its reps alone,
  // never the organisation's other members.
  const currentReps = (client.rep_uids ?? []).map((id, i) => ({
    id,
    name: client.rep_names?.[i] ?? id,
  }));
  const [reps, calc, schedules] = await Promise.all([
    perms.edit ? repChoices(deps, client, caller.userId) : Promise.resolve(currentReps),
    deps.calculators.calculatorOf(caller.userId, client.client_uid),
    perms.schedule && deps.schedules
      ? deps.schedules.listSchedules(client.client_uid)
      : Promise.resolve([]),
  ]);
  const now = new Date();
  return {
    client_uid: client.client_uid,
    org_uid: client.org_uid,
    name: client.name,
    website: client.website ?? '',
    industry_id: client.industry_id ?? null,
    market: client.market ?? null,
    postlog_timezone: client.postlog_timezone,
    attribution_method: client.attribution_method ?? 'sessions',
    tags: client.tags ?? [],
    rep_uids: client.rep_uids ?? [],
    reps,
    perms,
    ...goalsOf(client, calc),
    ga_websites: client.ga_websites ?? [],
    lite_website: client.website || null,
    demo: client.demo,
    airings: client.airings,
    report_schedules: schedules.map((s) => withNextRun(s, now)),
  };
}

/**
 * fetch_client_info (spec §7): the client_info of a client the caller may view.
 * @throws NotFound('Client') when it does not exist or the caller cannot view it.
 */
export async function fetchClientInfo(
  deps: Pick<ClientDeps, 'accounts' | 'companies'> & {
    companies: CompaniesRepository;
    calculators: CalculatorReader;
    schedules?: ScheduleLister;
  },
  caller: Caller,
  input: { client_uid: string },
): Promise<{ client_info: ClientInfo }> {
  const { client, perms } = await clientWithPerms(deps.companies, caller, input.client_uid, 'view');
  return { client_info: await clientInfoOf(deps, caller, client, perms) };
}
