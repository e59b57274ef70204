// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { CallFollowup } from '#shared/contracts/call-record';
import {
  answerWith,
  callsTo,
  forbidden,
  makeRecord,
  renderCallCentre,
} from './call-centre-fixtures';

vi.mock('../../../web/src/api/client', async (io) =>
  (await import('./call-centre-mocks')).mockedClient(io),
);
vi.mock('../../../web/src/auth/session', async () =>
  (await import('./call-centre-mocks')).mockedSession(),
);

const NOT_AGENT =
  'This account is not a call-centre agent. Ask your manager to add you to the agents group.';

const followup = (over: Partial<CallFollowup>): CallFollowup => ({
  id: 'rec-1',
  name: 'Acme Motors',
  industry: 'Automotive',
  day: '2025-03-10',
  time: '',
  tz: 'America/New_York',
  agent_email: 'ada@analyticowl.test',
  status_text: 'Already Called - Followup',
  ...over,
});

const DUE: CallFollowup[] = [
  followup({ id: 'rec-2', name: 'Best Tires', day: '2025-03-07', time: '09:00' }),
  followup({ id: 'rec-1', name: 'Acme Motors', day: '2025-03-10', time: '14:30' }),
  followup({ id: 'rec-3', name: 'Coast Homes', day: '2025-03-10' }),
  followup({ id: 'rec-4', name: 'Dune Buggies', day: '2025-03-11' }),
];

const card = async () =>
  within((await screen.findByRole('heading', { name: 'Follow-ups due' })).closest('section')!);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(2025, 2, 10, 9, 15));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('Follow-ups due', () => {
  test("asks for the agent's local today and lists overdue and today's follow-ups", async () => {
    answerWith({ cls_followups: DUE });

    renderCallCentre();

    expect(await screen.findByText('Best Tires')).toBeTruthy();
    expect(callsTo('cls_followups')).toEqual([{ today: '2025-03-10' }]);
    const overdue = rowOf('Best Tires');
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(within(overdue).getByText(/3\/7\/2025/)).toBeTruthy();
    const today = rowOf('Acme Motors');
    expect(within(today).getByText('Today')).toBeTruthy();
    expect(within(today).getByText(/14:30/)).toBeTruthy();
    expect(within(today).queryByText('Overdue')).toBeNull();
    expect(within(rowOf('Coast Homes')).getByText(/Any time/)).toBeTruthy();
    expect(screen.queryByText('Dune Buggies')).toBeNull();
  });

  test('shows the empty state when nothing is due', async () => {
    answerWith({ cls_followups: [followup({ day: '2025-03-12' })] });

    renderCallCentre();

    expect(await (await card()).findByText('No follow-ups due. Nice and clear.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('shows loading, then an error with Try again', async () => {
    let calls = 0;
    let release: (value: CallFollowup[]) => void = () => undefined;
    answerWith({
      cls_followups: () => {
        calls += 1;
        if (calls === 1) throw new Error('network down');
        return new Promise<CallFollowup[]>((resolve) => {
          release = resolve;
        });
      },
    });
    renderCallCentre();
    const box = await card();

    expect(await box.findByRole('alert')).toBeTruthy();
    expect(box.getByRole('alert').textContent).toMatch(/Could not load the follow-ups/);
    fireEvent.click(box.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(calls).toBe(2));
    release(DUE);
    expect(await screen.findByText('Best Tires')).toBeTruthy();
    expect(box.queryByRole('alert')).toBeNull();
  });

  test('shows a loading line until the list arrives', async () => {
    answerWith({ cls_followups: () => new Promise(() => undefined) });

    renderCallCentre();

    expect(await (await card()).findByText('Loading follow-ups…')).toBeTruthy();
  });

  test('View opens the record and puts its id in the address', async () => {
    answerWith({
      cls_followups: DUE,
      cls_get_record: makeRecord({ id: 'rec-2', name: 'Best Tires' }),
    });
    renderCallCentre();
    await screen.findByText('Best Tires');

    fireEvent.click(within(rowOf('Best Tires')).getByRole('button', { name: 'View Best Tires' }));

    expect(await screen.findByRole('heading', { name: 'Best Tires' })).toBeTruthy();
    expect(callsTo('cls_get_record')).toEqual([{ client_id: 'rec-2' }]);
    expect(screen.getByTestId('where').textContent).toBe('?uid=rec-2');
    expect(screen.queryByRole('heading', { name: 'Follow-ups due' })).toBeNull();
  });

  test('ending a call refreshes the list, so a follow-up just set shows', async () => {
    const record = makeRecord();
    const lists: CallFollowup[][] = [[], [followup({ time: '16:00' })]];
    answerWith({
      cls_followups: () => lists.shift() ?? [],
      cls_get_record: record,
      cls_activity: () => ({ record }),
    });
    const { router } = renderCallCentre();
    await screen.findByText('No follow-ups due. Nice and clear.');
    await act(() => router.navigate(`/call-centre?uid=${record.id}`));
    await screen.findByRole('heading', { name: 'Acme Motors' });

    fireEvent.click(screen.getByRole('button', { name: 'End call' }));

    expect(await screen.findByText(/16:00/)).toBeTruthy();
    expect(callsTo('cls_followups')).toHaveLength(2);
  });

  test('a 403 says the account is not an agent', async () => {
    answerWith({
      cls_followups: () => {
        throw forbidden();
      },
    });

    renderCallCentre();

    expect(await screen.findByText(NOT_AGENT)).toBeTruthy();
  });
});
