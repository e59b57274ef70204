// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { CallRecord } from '#shared/contracts/call-record';
import { ApiError } from '../../../web/src/api/client';
import { answerWith, callsTo, makeRecord, renderCallCentre } from './call-centre-fixtures';
import { withFakeClock } from './call-centre-mocks';

vi.mock('../../../web/src/api/client', async (io) =>
  (await import('./call-centre-mocks')).mockedClient(io),
);
vi.mock('../../../web/src/auth/session', async () =>
  (await import('./call-centre-mocks')).mockedSession(),
);

const advance = withFakeClock();
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** cls_activity answers that wait until the test releases them, in order. */
function heldSaves() {
  const waiting: Array<(record: CallRecord) => void> = [];
  return {
    answer: () =>
      new Promise<{ record: CallRecord }>((r) => waiting.push((record) => r({ record }))),
    release: () => act(async () => waiting.shift()?.(makeRecord())),
  };
}

async function openRecord(answers: Record<string, unknown>) {
  answerWith({ cls_get_record: makeRecord(), ...answers });
  renderCallCentre('/call-centre?uid=rec-1');
  await screen.findByRole('heading', { name: 'Acme Motors' });
}

describe('autosave (spec §4 "Edits auto-save after a 3 s pause ... one save at a time")', () => {
  test('3 s after the last edit, one activity with the section payload is sent', async () => {
    await openRecord({ cls_activity: () => ({ record: makeRecord() }) });

    type('First name', 'Ann');
    await advance(2000);
    type('Last name', 'Lee');
    await advance(2900);
    expect(callsTo('cls_activity')).toEqual([]);
    await advance(200);

    const sent = callsTo('cls_activity');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      client_id: 'rec-1',
      activity: 'advertiser_info',
      payload: { first_name: 'Ann', last_name: 'Lee', email: '', phone: '' },
    });
    expect(String(sent[0]?.activity_id)).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
  });

  test('a second save waits for the first answer plus 1 s', async () => {
    const held = heldSaves();
    await openRecord({ cls_activity: held.answer });

    type('First name', 'Ann');
    await advance(3100);
    type('Notes', 'Call back after lunch');
    await advance(3100);
    expect(callsTo('cls_activity').map((c) => c.activity)).toEqual(['advertiser_info']);
    expect(screen.getByText('Saving…')).toBeTruthy();

    await held.release();
    await advance(900);
    expect(callsTo('cls_activity')).toHaveLength(1);
    await advance(200);

    const sent = callsTo('cls_activity');
    expect(sent.map((c) => c.activity)).toEqual(['advertiser_info', 'notes']);
    expect(sent[1]?.payload).toEqual({ notes: 'Call back after lunch' });
    expect(sent[1]?.activity_id).not.toBe(sent[0]?.activity_id);
  });

  test('an invalid e-mail is shown under the field and not sent', async () => {
    await openRecord({ cls_activity: () => ({ record: makeRecord() }) });

    type('E-mail', 'not-an-email');
    await advance(3100);

    expect(await screen.findByText('Email is not valid')).toBeTruthy();
    expect(callsTo('cls_activity')).toEqual([]);
  });

  test('phone fields are masked as the agent types', async () => {
    await openRecord({});

    type('Phone', '5551234567');

    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('(555) 123-4567');
    type('Web contact phone', '55512');
    expect((screen.getByLabelText('Web contact phone') as HTMLInputElement).value).toBe('(555) 12');
  });
});

describe('failed saves (spec §8 "popup titled Problem! with the server message")', () => {
  test('shows Problem! with the message; Try again resends the same activity_id', async () => {
    let calls = 0;
    await openRecord({
      cls_activity: () => {
        calls += 1;
        if (calls === 1) throw new ApiError('The notes are too long.', 'validation', 400);
        return { record: makeRecord() };
      },
    });

    type('Notes', 'hello');
    await advance(3100);

    const dialog = await screen.findByRole('dialog', { name: 'Problem!' });
    expect(dialog.textContent).toContain('The notes are too long.');
    await advance(1100);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(100);

    const sent = callsTo('cls_activity');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.activity_id).toBe(sent[0]?.activity_id);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
