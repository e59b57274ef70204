import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { Cron } from 'croner';
import type { DeliveryMessage, Schedule } from '#shared/contracts/schedules.schema';
import { DELIVERY_WORKER, ENV } from '#shared/workers';
import { registerLocalTriggers } from '../../lambdas/schedules/adapters/local-triggers';
import { cronPattern, occurrencesBetween } from '../../lambdas/schedules/core/periods';
import type { SchedulesStore, ScheduleTriggers } from '../../lambdas/schedules/core/ports';
import { startSqsPoller } from './sqs-poller';

/**
 * Scheduled deliveries on the local stack, in place of EventBridge Scheduler: one croner timer
 * per un-paused schedule (in the schedule's time zone, the same cron as AWS), armed at start from
 * the CompaniesTable (so schedules survive a restart) and re-armed by every create, update and
 * delete (the routes' ScheduleTriggers are these, registered in-process). Each occurrence sends
 * `{ schedule_id, client_uid, occurrence_at }` to the local DeliveryQueue, whose poller runs the
 * delivery worker (DELIVERY_WORKER) as Lambda's event source does in AWS.
 *
 * The last occurrence sent per schedule is kept in `<dir>/schedules/fired.json`, so tests can
 * "advance the clock" with {@link LocalSchedules.fireDue} and a restart does not send it again.
 */
export interface LocalSchedules {
  /**
   * Sends every occurrence of every un-paused schedule with recipients that falls after the
   * schedule's last sent one and at or before `untilIso` (a UTC ISO instant, e.g. a week ahead),
   * oldest first, and records `untilIso` as reached.
   * @returns how many messages were sent.
   */
  fireDue(untilIso: string): Promise<number>;
  /** Sends one message to the DeliveryQueue as a trigger would (e.g. a duplicated trigger). */
  send(message: DeliveryMessage): Promise<void>;
  /** The schedule ids with an armed timer (un-paused, with recipients). */
  armed(): string[];
  /** Stops the timers and the DeliveryQueue poller (waits for the delivery in hand). */
  stop(): Promise<void>;
}

/** Where the local stack keeps scheduled deliveries' state. */
const stateDir = (dir: string) => join(dir, 'schedules');

/**
 * The local environment of scheduled deliveries: the DeliveryQueue's URL and ARN, and the
 * unsubscribe links' secret (made on first start in `<dir>/schedules/link-secret`, so links in
 * e-mails sent before a restart keep working).
 */
export function localScheduleEnv(
  dir: string,
  queue: { url: string; arn: string },
): Record<string, string> {
  mkdirSync(stateDir(dir), { recursive: true });
  const file = join(stateDir(dir), 'link-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return {
    [ENV.deliveryQueueUrl]: queue.url,
    [ENV.deliveryQueueArn]: queue.arn,
    [ENV.scheduleLinkSecret]: readFileSync(file, 'utf8').trim(),
  };
}

/** Options of {@link startLocalSchedules}. */
export interface LocalSchedulesOptions {
  dir: string;
  store: Pick<SchedulesStore, 'listAllSchedules'>;
  client: SQSClient;
  queue: { url: string; arn: string };
  log: (line: string) => void;
  /** The clock. @default the current time */
  now?: () => Date;
  /** Run the delivery worker on the queue. @default true */
  consume?: boolean;
}

const fires = (s: Schedule) => !s.paused && s.recipients.length > 0;
const maxIso = (a: string | undefined, b: string) => (a && a > b ? a : b);

/**
 * Starts the local scheduler: reads every schedule, arms the timers of those that fire, registers
 * itself as the routes' ScheduleTriggers and starts the DeliveryQueue's poller.
 * Occurrences missed while the stack was stopped are not sent at start (as with AWS, whose
 * Scheduler never stops): each schedule counts from the later of its last sent one and now.
 */
export async function startLocalSchedules(opts: LocalSchedulesOptions): Promise<LocalSchedules> {
  const now = opts.now ?? (() => new Date());
  mkdirSync(stateDir(opts.dir), { recursive: true });
  const firedFile = join(stateDir(opts.dir), 'fired.json');
  const fired = readFired(firedFile);
  const schedules = new Map<string, Schedule>();
  const timers = new Map<string, Cron>();
  const save = () => writeFileSync(firedFile, `${JSON.stringify(fired, null, 2)}\n`);

  const send = async (message: DeliveryMessage) => {
    await opts.client.send(
      new SendMessageCommand({ QueueUrl: opts.queue.url, MessageBody: JSON.stringify(message) }),
    );
  };

  /** Sends the schedule's occurrences in (last sent, until]; records until. */
  const fireUntil = async (s: Schedule, until: Date): Promise<number> => {
    const from = fired[s.schedule_id] ?? s.created_at;
    if (until.toISOString() <= from) return 0;
    const due = occurrencesBetween(s, new Date(from), until);
    for (const at of due) {
      await send({
        schedule_id: s.schedule_id,
        client_uid: s.client_uid,
        occurrence_at: at.toISOString(),
      });
      // Recorded one by one, so a failed send does not resend the earlier ones.
      fired[s.schedule_id] = at.toISOString();
      save();
    }
    fired[s.schedule_id] = maxIso(fired[s.schedule_id], until.toISOString());
    save();
    if (due.length) opts.log(`schedule ${s.schedule_id}: ${due.length} delivery message(s) sent`);
    return due.length;
  };

  const disarm = (id: string) => {
    timers.get(id)?.stop();
    timers.delete(id);
  };

  const arm = (s: Schedule) => {
    disarm(s.schedule_id);
    schedules.set(s.schedule_id, s);
    if (!fires(s)) return;
    const timer = new Cron(
      cronPattern(s.cadence, s.local_time),
      { timezone: s.time_zone, protect: true },
      async () => {
        const current = schedules.get(s.schedule_id);
        if (!current || !fires(current)) return;
        try {
          await fireUntil(current, now());
        } catch (error) {
          opts.log(`schedule ${s.schedule_id} failed to fire: ${(error as Error).message}`);
        }
      },
    );
    timers.set(s.schedule_id, timer);
  };

  const triggers: ScheduleTriggers = {
    async put(s) {
      // A change counts from its own time, as a replaced EventBridge schedule does.
      fired[s.schedule_id] = maxIso(fired[s.schedule_id] ?? s.created_at, s.updated_at);
      save();
      arm(s);
    },
    async remove(id) {
      disarm(id);
      schedules.delete(id);
      delete fired[id];
      save();
    },
  };

  const startedAt = now().toISOString();
  for (const s of await opts.store.listAllSchedules()) {
    fired[s.schedule_id] = maxIso(fired[s.schedule_id], startedAt);
    arm(s);
  }
  save();
  registerLocalTriggers(triggers);
  opts.log(`scheduled deliveries: ${timers.size} schedule(s) armed`);

  const poller =
    opts.consume === false
      ? null
      : startSqsPoller({
          client: opts.client,
          queueUrl: opts.queue.url,
          queueArn: opts.queue.arn,
          handlerPath: DELIVERY_WORKER.handler,
          functionName: DELIVERY_WORKER.id,
          batchSize: 1,
          log: opts.log,
        });

  return {
    async fireDue(untilIso) {
      const until = new Date(untilIso);
      if (Number.isNaN(until.getTime())) throw new Error(`fireDue: not an instant: ${untilIso}`);
      let sent = 0;
      for (const s of schedules.values()) if (fires(s)) sent += await fireUntil(s, until);
      return sent;
    },
    send,
    armed: () => [...timers.keys()],
    async stop() {
      for (const id of [...timers.keys()]) disarm(id);
      registerLocalTriggers(null);
      await poller?.stop();
    },
  };
}

/** The persisted last-sent occurrences (schedule id -> UTC ISO); unreadable -> none. */
function readFired(file: string): Record<string, string> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}
