// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { CallSearchHit } from '#shared/contracts/call-record';
import { answerWith, callsTo, makeRecord, renderCallCentre } from './call-centre-fixtures';
import { withFakeClock } from './call-centre-mocks';

vi.mock('../../../web/src/api/client', async (io) =>
  (await import('./call-centre-mocks')).mockedClient(io),
);
vi.mock('../../../web/src/auth/session', async () =>
  (await import('./call-centre-mocks')).mockedSession(),
);

const HITS: CallSearchHit[] = [
  { id: 'rec-1', name: 'Acme Motors', industry: 'Automotive', status_text: 'New Call' },
  { id: 'rec-2', name: 'Acme Flooring', industry: 'Home', status_text: 'Declined Offer' },
];

const advance = withFakeClock();

async function typeSearch(text: string) {
  fireEvent.change(await screen.findByLabelText('Find an advertiser'), {
    target: { value: text },
  });
}

describe('advertiser search (spec §4 "search runs after a 1 s pause", §5)', () => {
  test('runs once, 1 s after the typing stops', async () => {
    answerWith({ cls_search: HITS });
    renderCallCentre();

    await typeSearch('ac');
    await advance(600);
    await typeSearch('acme');
    await advance(800);
    expect(callsTo('cls_search')).toEqual([]);
    await advance(300);

    expect(callsTo('cls_search')).toEqual([{ search_text: 'acme' }]);
    expect(await screen.findByText('Acme Flooring')).toBeTruthy();
  });

  test('blank text is never sent', async () => {
    answerWith({ cls_search: HITS });
    renderCallCentre();

    await typeSearch('   ');
    await advance(2000);

    expect(callsTo('cls_search')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Close Search Results' })).toBeNull();
  });

  test('no hits shows the empty state', async () => {
    answerWith({ cls_search: [] });
    renderCallCentre();

    await typeSearch('zzz');
    await advance(1100);

    expect(await screen.findByText('No advertiser matches “zzz”.')).toBeTruthy();
  });

  test('Close Search Results hides the table', async () => {
    answerWith({ cls_search: HITS });
    renderCallCentre();
    await typeSearch('acme');
    await advance(1100);
    await screen.findByText('Acme Motors');

    fireEvent.click(screen.getByRole('button', { name: 'Close Search Results' }));

    expect(screen.queryByText('Acme Motors')).toBeNull();
  });

  test('View opens the record and puts its id in the address', async () => {
    answerWith({ cls_search: HITS, cls_get_record: makeRecord({ status: 'followup' }) });
    renderCallCentre();
    await typeSearch('acme');
    await advance(1100);

    const row = (await screen.findByText('Acme Motors')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'View Acme Motors' }));

    expect(await screen.findByRole('heading', { name: 'Acme Motors' })).toBeTruthy();
    expect(callsTo('cls_get_record')).toEqual([{ client_id: 'rec-1' }]);
    expect(screen.getByTestId('where').textContent).toBe('?uid=rec-1');
    expect(screen.getByText('Already Called - Followup')).toBeTruthy();
  });
});
