import useSWR from 'swr';
import { type ZodType, z } from 'zod';
import {
  type Delivery,
  type Schedule,
  type ScheduleInput,
  scheduleDeliveriesResultSchema,
  scheduleResultSchema,
  scheduleSchema,
  scheduleUnsubscribeResultSchema,
  type UpdateScheduleInput,
} from '#shared/contracts/schedules.schema';
import { ApiError, callRoute } from '../api/client';

/**
 * The schedules of a client and their deliveries (spec §3 "Client info" report_schedules; §7
 * create_schedule, update_schedule, schedule_deliveries, schedule_unsubscribe). Every answer is
 * checked against the shared contract (layers/shared/contracts/schedules.schema.ts).
 */

/** Calls a route and checks its result. @throws ApiError (`invalid_result` on a contract break) */
async function call<T>(name: string, input: Record<string, unknown>, schema: ZodType<T>) {
  const parsed = schema.safeParse(await callRoute<unknown>(name, input));
  if (!parsed.success) throw new ApiError('This answer could not be read.', 'invalid_result', 200);
  return parsed.data;
}

/** fetch_client_info read for its schedules and zone only (the other fields are not needed). */
const clientSchedulesSchema = z.object({
  client_info: z.object({
    report_schedules: z.array(scheduleSchema),
    postlog_timezone: z.string().optional(),
  }),
});

/** A client's schedules and the zone its post-logs are in (a new schedule's default zone). */
export interface ClientSchedules {
  schedules: Schedule[];
  /** The client's post-log zone as stored; may be empty or not an IANA name. */
  client_zone: string | null;
}

/**
 * create_schedule / update_schedule answer: the client's schedules after the change. The route
 * answers the contract's `{ result: { client_info } }` as the envelope's result; the bare
 * `{ client_info }` is read too, so either way of wrapping it works.
 */
const changedSchema = z.union([
  scheduleResultSchema.transform((answer) => answer.result),
  scheduleResultSchema.shape.result,
]);

/** The SWR key of a client's schedules. */
export const schedulesKey = (clientUid: string) =>
  ['fetch_client_info', { client_uid: clientUid }, 'report_schedules'] as const;

/** The SWR key of one schedule's deliveries. */
export const deliveriesKey = (clientUid: string, scheduleId: string) =>
  ['schedule_deliveries', { client_uid: clientUid, schedule_id: scheduleId }] as const;

/** The client's schedules, as the server lists them; no client -> no request. */
export function useSchedules(clientUid: string | undefined) {
  return useSWR(
    clientUid ? schedulesKey(clientUid) : null,
    async ([name, input]): Promise<ClientSchedules> => {
      const info = (await call(name, input, clientSchedulesSchema)).client_info;
      return { schedules: info.report_schedules, client_zone: info.postlog_timezone ?? null };
    },
    { revalidateOnFocus: false },
  );
}

/**
 * create_schedule (POST). @returns the client's schedules after it (the caller keeps them as
 * its list: no second request).
 * @throws ApiError: 403 without the schedule permission or the Schedule feature; 400 naming the
 *   field (e.g. `recipients`).
 */
export async function createSchedule(input: ScheduleInput): Promise<Schedule[]> {
  return (await call('create_schedule', { ...input }, changedSchema)).client_info.report_schedules;
}

/**
 * update_schedule (POST): a patch of fields, `{ paused }` to pause or resume, `{ delete: true }`
 * to delete. @returns the client's schedules after it. @throws ApiError as {@link createSchedule}.
 */
export async function updateSchedule(input: UpdateScheduleInput): Promise<Schedule[]> {
  return (await call('update_schedule', { ...input }, changedSchema)).client_info.report_schedules;
}

/** A schedule's deliveries, newest period first; no schedule -> no request. */
export function useDeliveries(clientUid: string, scheduleId: string | null) {
  return useSWR(
    scheduleId ? deliveriesKey(clientUid, scheduleId) : null,
    async ([name, input]): Promise<Delivery[]> =>
      (await call(name, input, scheduleDeliveriesResultSchema)).deliveries,
    // Opening the history always asks the server: a delivery that went out a second after the
    // last look must show, which SWR's 2 s de-duplication of the same key would hide.
    { revalidateOnFocus: false, revalidateOnMount: true, dedupingInterval: 0 },
  );
}

/**
 * schedule_unsubscribe (public GET { token }): removes the address the signed token names from
 * its schedule. @returns the address and, when the server says, the report it was removed from.
 * @throws ApiError (a bad or expired token: the server's message).
 */
export function unsubscribe(token: string) {
  return call(
    'schedule_unsubscribe',
    { token },
    scheduleUnsubscribeResultSchema.extend({ report: z.string().optional() }),
  );
}
