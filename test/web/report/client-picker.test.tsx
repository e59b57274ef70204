// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Company } from '../../../web/src/api/types';
import { ClientPicker } from '../../../web/src/report/client-picker';

afterEach(cleanup);

function company(uid: string, name: string, over: Partial<Company> = {}): Company {
  return {
    client_uid: uid,
    name,
    sample_data: false,
    demo: false,
    airings: 10,
    first_airing_utc: null,
    last_airing_utc: null,
    latest_report_id: null,
    perms: { view: true, edit: true, import: true, share: true, schedule: true },
    shared: false,
    ...over,
  };
}

const CLIENTS = [
  company('c1', 'Acme Furniture', { connection_status: 'connected' }),
  company('c2', 'Birch Beds', { connection_status: 'connected_invalid' }),
  company('c3', 'Cedar Chairs'),
  company('c4', 'Dune Desks', { connection_status: 'connected' }),
];

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('client picker: connection status', () => {
  test('marks a client whose analytics lost access', () => {
    render(<ClientPicker clients={CLIENTS} value="c1" onChange={() => {}} />);

    expect(optionTexts(screen.getByRole('combobox', { name: 'Client' }))).toEqual([
      'Acme Furniture',
      'Birch Beds (access lost)',
      'Cedar Chairs',
      'Dune Desks',
    ]);
  });

  test('narrows the list to one connection status, keeping the selected client', () => {
    const onChange = vi.fn();
    render(<ClientPicker clients={CLIENTS} value="c3" onChange={onChange} />);
    const filter = screen.getByRole('combobox', { name: 'Analytics' });
    expect(optionTexts(filter)).toEqual([
      'All clients (4)',
      'Connected (2)',
      'Not connected (1)',
      'Access lost (1)',
    ]);

    fireEvent.change(filter, { target: { value: 'connected' } });

    expect(optionTexts(screen.getByRole('combobox', { name: 'Client' }))).toEqual([
      'Acme Furniture',
      'Cedar Chairs',
      'Dune Desks',
    ]);
    expect(onChange).not.toHaveBeenCalled();
  });

  test('offers no status filter while no client has a connection', () => {
    render(
      <ClientPicker
        clients={[company('c3', 'Cedar Chairs'), company('c5', 'Elm Tables')]}
        value="c3"
        onChange={() => {}}
      />,
    );

    expect(screen.queryByRole('combobox', { name: 'Analytics' })).toBeNull();
  });
});
