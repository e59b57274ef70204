import { describe, expect, test } from 'vitest';
import { OutboxMailer } from '../../../../lambdas/accounts/adapters/outbox-mailer';
import { buildCallCentreDeps } from '../../../../lambdas/call-centre/adapters/call-centre-deps';
import { OutboxCrmSink } from '../../../../lambdas/call-centre/adapters/outbox-crm-sink';

describe('buildCallCentreDeps', () => {
  test('uses the local outboxes when their folders are set', () => {
    const deps = buildCallCentreDeps({
      CRM_OUTBOX_DIR: '/tmp/crm',
      MAIL_OUTBOX_DIR: '/tmp/mail',
      APP_ORIGIN: 'http://127.0.0.1:3000/',
    });

    expect(deps.crm).toBeInstanceOf(OutboxCrmSink);
    expect(deps.mailer).toBeInstanceOf(OutboxMailer);
    expect(deps.appOrigin).toBe('http://127.0.0.1:3000');
  });

  test('names a missing variable at first use, not at build', () => {
    const deps = buildCallCentreDeps({});

    expect(() => deps.records.get('x')).toThrow(/CALL_RECORDS_TABLE/);
    expect(() => deps.crm.send({} as never)).toThrow(/CRM_QUEUE_URL/);
    expect(() => deps.appOrigin).toThrow(/APP_ORIGIN/);
  });
});
