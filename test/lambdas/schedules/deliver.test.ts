import { beforeEach, describe, expect, test } from 'vitest';
import type { DeliveryMessage, Schedule } from '#shared/contracts/schedules.schema';
import type { RawMail } from '#shared/mail/raw-mail';
import { MemorySchedules } from '../../../lambdas/schedules/adapters/memory-schedules';
import {
  DELIVERY_GENERIC_FAILURE,
  type DeliverDeps,
  deliverScheduled,
  MAX_ATTACHMENT_BYTES,
  SENDING_LEASE_S,
} from '../../../lambdas/schedules/core/deliver';
import {
  type DeliveryDocument,
  DeliveryRefused,
  DeliverySkipped,
} from '../../../lambdas/schedules/core/deliver-ports';

const NOW = new Date('2026-11-23T14:00:00Z');

/** A weekly schedule (Mondays 09:00 New York, last week) of client c1 for two recipients. */
function schedule(patch: Partial<Schedule> = {}): Schedule {
  return {
    schedule_id: 's1',
    client_uid: 'c1',
    what: { kind: 'report' },
    cadence: { every: 'weekly', weekday: 1 },
    local_time: '09:00',
    time_zone: 'America/New_York',
    range: 'last_week',
    recipients: ['ann@example.com', 'bob@example.com'],
    format: { pdf: true, csv: false },
    paused: false,
    owner_user_id: 'u-owner',
    owner_email: 'owner@example.com',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    next_run_at: '2026-11-23T14:00:00.000Z',
    ...patch,
  };
}

/** Monday 11/23/2026 09:00 in New York: covers Mon 11/16 - Sun 11/22. */
const MESSAGE: DeliveryMessage = {
  schedule_id: 's1',
  client_uid: 'c1',
  occurrence_at: '2026-11-23T14:00:00.000Z',
};
const PERIOD_KEY = '2026-11-16..2026-11-22';

const PDF = new TextEncoder().encode('%PDF-1.7 scheduled report');

interface Harness {
  deps: DeliverDeps;
  store: MemorySchedules;
  sent: RawMail[];
  /** Sends that throw before succeeding, by recipient (each entry fails once). */
  failNext: string[];
  renders: number;
  doc: DeliveryDocument;
  refuse: string | null;
}

function harness(): Harness {
  const store = new MemorySchedules();
  const h: Harness = {
    store,
    sent: [],
    failNext: [],
    renders: 0,
    doc: { title: 'Acme report', pdf: PDF, fileName: 'acme.pdf', csv: null },
    refuse: null,
    deps: undefined as unknown as DeliverDeps,
  };
  h.deps = {
    schedules: store,
    deliveries: store,
    access: { check: async () => {} },
    documents: {
      render: async (_s, _p, csv) => {
        h.renders += 1;
        if (h.refuse) throw new DeliveryRefused(h.refuse);
        return { ...h.doc, csv: csv ? 'Daypart\r\nDaypart,Ads\r\nMorning,3\r\n' : null };
      },
    },
    files: {
      put: async () => {},
      link: async (key, _name, expiresS) => `https://files.example/${key}?expires=${expiresS}`,
    },
    mailer: {
      send: async (mail) => {
        const i = h.failNext.indexOf(mail.to);
        if (i >= 0) {
          h.failNext.splice(i, 1);
          throw new Error('SES throttled');
        }
        h.sent.push(mail);
      },
    },
    unsubscribe: {
      link: async (s, email) => `https://app.example/ss/unsubscribe?t=${s.schedule_id}:${email}`,
    },
    appOrigin: 'https://app.example',
    now: () => NOW,
  };
  return h;
}

let h: Harness;
beforeEach(async () => {
  h = harness();
  await h.store.putSchedule(schedule());
});

const toRecipients = () => h.sent.filter((m) => m.to !== 'owner@example.com').map((m) => m.to);
const stored = () => h.store.getDelivery('c1', 's1', PERIOD_KEY);

describe('a scheduled delivery', () => {
  test('mails each recipient once with the PDF attached and records the delivery as sent', async () => {
    const outcome = await deliverScheduled(h.deps, MESSAGE, 1);

    expect(outcome.outcome).toBe('sent');
    expect(toRecipients()).toEqual(['ann@example.com', 'bob@example.com']);
    const mail = h.sent[0]!;
    expect(mail.attachments).toEqual([
      { filename: 'acme.pdf', contentType: 'application/pdf', content: PDF },
    ]);
    expect(mail.text).toContain('11/16/2026 – 11/22/2026');
    expect(mail.text).toContain('https://app.example/ss/unsubscribe?t=s1:ann@example.com');
    expect(mail.headers?.['List-Unsubscribe']).toBe(
      '<https://app.example/ss/unsubscribe?t=s1:ann@example.com>',
    );
    expect(await stored()).toMatchObject({
      status: 'sent',
      attempts: 1,
      recipients: ['ann@example.com', 'bob@example.com'],
      attached: true,
      sent_at: NOW.toISOString(),
      pdf_link: expect.stringContaining(
        `schedules/c1/s1/2026-11-16_2026-11-22.pdf?expires=${7 * 86400}`,
      ),
    });
  });

  test('a duplicated trigger of the same occurrence sends nothing more', async () => {
    await deliverScheduled(h.deps, MESSAGE, 1);

    const again = await deliverScheduled(h.deps, MESSAGE, 1);

    expect(again).toEqual({ outcome: 'skipped', reason: 'sent' });
    expect(toRecipients()).toHaveLength(2);
    expect(h.renders).toBe(1);
  });

  test('a duplicate arriving while the first is still sending waits out the lease instead of sending', async () => {
    await h.store.claimDelivery('c1', {
      schedule_id: 's1',
      period_key: PERIOD_KEY,
      status: 'sending',
      attempts: 1,
      recipients: [],
      attached: false,
    });

    const outcome = await deliverScheduled(h.deps, MESSAGE, 1);

    expect(outcome).toEqual({ outcome: 'retry', afterS: SENDING_LEASE_S });
    expect(h.sent).toHaveLength(0);
  });

  test('a message coming back after its worker died mid-send takes over and mails only who was not reached', async () => {
    await h.store.claimDelivery('c1', {
      schedule_id: 's1',
      period_key: PERIOD_KEY,
      status: 'sending',
      attempts: 1,
      recipients: ['ann@example.com'],
      attached: false,
    });

    const outcome = await deliverScheduled(h.deps, MESSAGE, 2);

    expect(outcome.outcome).toBe('sent');
    expect(toRecipients()).toEqual(['bob@example.com']);
    expect(await stored()).toMatchObject({ status: 'sent', attempts: 2 });
  });

  test('a paused schedule sends nothing and claims no delivery', async () => {
    await h.store.putSchedule(schedule({ paused: true, next_run_at: null }));

    const outcome = await deliverScheduled(h.deps, MESSAGE, 1);

    expect(outcome).toEqual({ outcome: 'skipped', reason: 'paused' });
    expect(h.sent).toHaveLength(0);
    expect(await stored()).toBeNull();
  });

  test('a deleted schedule sends nothing', async () => {
    await h.store.deleteSchedule('c1', 's1');

    const outcome = await deliverScheduled(h.deps, MESSAGE, 1);

    expect(outcome).toEqual({ outcome: 'skipped', reason: 'gone' });
    expect(h.sent).toHaveLength(0);
  });

  test('a failed attempt retries after a minute and the retry mails each recipient once in all', async () => {
    h.failNext = ['bob@example.com'];

    const first = await deliverScheduled(h.deps, MESSAGE, 1);
    const afterFirst = await stored();
    const retry = await deliverScheduled(h.deps, MESSAGE, 2);
    const duplicate = await deliverScheduled(h.deps, MESSAGE, 1);

    expect(first).toMatchObject({ outcome: 'retry', afterS: 60 });
    expect(afterFirst).toMatchObject({
      status: 'retrying',
      attempts: 1,
      recipients: ['ann@example.com'],
      error: DELIVERY_GENERIC_FAILURE,
    });
    expect(retry.outcome).toBe('sent');
    expect(duplicate).toEqual({ outcome: 'skipped', reason: 'sent' });
    expect(toRecipients()).toEqual(['ann@example.com', 'bob@example.com']);
    expect(await stored()).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await stored())?.error).toBeUndefined();
  });

  test('retries wait 1, 5 and 25 minutes; the fourth failure is final and tells the owner once', async () => {
    h.failNext = Array(10).fill('ann@example.com');

    const outcomes = [];
    for (let receive = 1; receive <= 5; receive++) {
      outcomes.push(await deliverScheduled(h.deps, MESSAGE, receive));
    }

    expect(outcomes.map((o) => (o.outcome === 'retry' ? o.afterS : o.outcome))).toEqual([
      60,
      300,
      1500,
      'failed',
      'skipped',
    ]);
    expect(await stored()).toMatchObject({
      status: 'failed',
      attempts: 4,
      error: DELIVERY_GENERIC_FAILURE,
    });
    const owner = h.sent.filter((m) => m.to === 'owner@example.com');
    expect(owner).toHaveLength(1);
    expect(owner[0]?.subject).toContain('not delivered');
    expect(owner[0]?.text).toContain('after 4 attempts');
    expect(owner[0]?.text).toContain(DELIVERY_GENERIC_FAILURE);
    expect(toRecipients()).toEqual([]);
  });

  test('a delivery that can never succeed fails at once with its reason and tells the owner', async () => {
    h.refuse = 'There are no airings in 11/16/2026 - 11/22/2026.';

    const outcome = await deliverScheduled(h.deps, MESSAGE, 1);

    expect(outcome.outcome).toBe('failed');
    expect(await stored()).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'There are no airings in 11/16/2026 - 11/22/2026.',
    });
    expect(h.sent.map((m) => m.to)).toEqual(['owner@example.com']);
    expect(h.sent[0]?.text).toContain('There are no airings in 11/16/2026 - 11/22/2026.');
  });

  test("a period with nothing to send by design (outside a campaign's flight) is recorded as skipped with its reason, and nobody is mailed", async () => {
    const reason = "The campaign Fall push's flight does not cover November 2026.";
    h.deps.documents = {
      render: async () => {
        throw new DeliverySkipped(reason);
      },
    };

    const outcome = await deliverScheduled(h.deps, MESSAGE, 1);
    const again = await deliverScheduled(h.deps, MESSAGE, 2);

    expect(outcome.outcome).toBe('skipped');
    expect(again).toEqual({ outcome: 'skipped', reason: 'skipped' });
    expect(h.sent).toHaveLength(0);
    expect(await stored()).toMatchObject({ status: 'skipped', attempts: 1, error: reason });
    expect((await h.store.getSchedule('c1', 's1'))?.paused).toBe(false);
  });

  test('a schedule that can never send again (its campaign was deleted) fails once, tells the owner once and is paused', async () => {
    const reason = 'The campaign of this schedule was deleted; the schedule is paused.';
    h.deps.documents = {
      render: async () => {
        throw new DeliveryRefused(reason, { pauseSchedule: true });
      },
    };

    const outcome = await deliverScheduled(h.deps, MESSAGE, 1);
    const nextMonth = await deliverScheduled(
      h.deps,
      { ...MESSAGE, occurrence_at: '2026-11-30T14:00:00.000Z' },
      1,
    );

    expect(outcome.outcome).toBe('failed');
    expect(await stored()).toMatchObject({ status: 'failed', error: reason });
    expect(nextMonth).toEqual({ outcome: 'skipped', reason: 'paused' });
    expect(h.sent.map((m) => m.to)).toEqual(['owner@example.com']);
    expect((await h.store.getSchedule('c1', 's1'))?.paused).toBe(true);
  });

  test('an owner who lost the right to schedule the client stops the delivery at once: nobody is mailed but the owner', async () => {
    h.deps.access = {
      check: async () => {
        throw new DeliveryRefused('Scheduled deliveries are part of the Schedule feature.');
      },
    };

    const outcome = await deliverScheduled(h.deps, MESSAGE, 1);

    expect(outcome.outcome).toBe('failed');
    expect(h.renders).toBe(0);
    expect(h.sent.map((m) => m.to)).toEqual(['owner@example.com']);
    expect(await stored()).toMatchObject({
      status: 'failed',
      error: 'Scheduled deliveries are part of the Schedule feature.',
    });
  });

  test('a PDF over 7 MB goes as a 7-day link instead of an attachment', async () => {
    h.doc = { ...h.doc, pdf: new Uint8Array(MAX_ATTACHMENT_BYTES + 1) };

    await deliverScheduled(h.deps, MESSAGE, 1);

    const mail = h.sent[0]!;
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('too large to attach');
    expect(mail.text).toContain(
      `https://files.example/schedules/c1/s1/2026-11-16_2026-11-22.pdf?expires=${7 * 86400}`,
    );
    expect(mail.text).toContain('until 11/30/2026');
    expect(await stored()).toMatchObject({ status: 'sent', attached: false });
  });

  test('a PDF of exactly 7 MB is still attached', async () => {
    h.doc = { ...h.doc, pdf: new Uint8Array(MAX_ATTACHMENT_BYTES) };

    await deliverScheduled(h.deps, MESSAGE, 1);

    expect(h.sent[0]?.attachments?.map((a) => a.filename)).toEqual(['acme.pdf']);
  });

  test('the CSV of the tables rides beside the PDF when the schedule asks for it', async () => {
    await h.store.putSchedule(schedule({ format: { pdf: true, csv: true } }));

    await deliverScheduled(h.deps, MESSAGE, 1);

    expect(h.sent[0]?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      ['acme.pdf', 'application/pdf'],
      ['acme.csv', 'text/csv; charset=utf-8'],
    ]);
  });

  test('the HTML part escapes the title and links', async () => {
    h.doc = { ...h.doc, title: 'Tom & Jerry <Furniture>' };

    await deliverScheduled(h.deps, MESSAGE, 1);

    expect(h.sent[0]?.html).toContain('Tom &amp; Jerry &lt;Furniture&gt;');
    expect(h.sent[0]?.html).not.toContain('<Furniture>');
  });
});
