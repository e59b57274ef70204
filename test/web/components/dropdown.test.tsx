// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import {
  Dropdown,
  type DropdownOption,
  type DropdownProps,
} from '../../../web/src/components/dropdown';

afterEach(cleanup);

const regions: DropdownOption[] = [
  { id: '501', label: 'New York', group: 'Northeast' },
  { id: '623', label: 'Dallas', group: 'South' },
  { id: '506', label: 'Boston', group: 'Northeast' },
  { id: '618', label: 'Houston', group: 'South' },
];

const many: DropdownOption[] = Array.from({ length: 23 }, (_, i) => ({
  id: String(i + 1),
  label: `Station ${String(i + 1).padStart(2, '0')}`,
}));

/** Renders a controlled dropdown and records every value it reports. */
function setup(props: Partial<DropdownProps> & { initial?: string | null } = {}) {
  const changes: (string | null)[] = [];
  function Harness() {
    const [value, setValue] = useState<string | null>(props.initial ?? null);
    return (
      <Dropdown
        label="Region"
        placeholder="Nationwide"
        options={regions}
        {...props}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  const button = screen.getByRole('button', { name: /^Region/ });
  return { changes, button, open: () => fireEvent.click(button) };
}

const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);
const key = (element: Element, k: string) => fireEvent.keyDown(element, { key: k });

describe('dropdown (spec §2 "A reusable dropdown")', () => {
  test('shows the placeholder, then the picked label; single choice gives one id and closes', () => {
    const { button, open, changes } = setup();
    expect(button.textContent).toBe('Nationwide');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    open();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Dallas' }));

    expect(changes).toEqual(['623']);
    expect(button.textContent).toBe('Dallas');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  test('multiple choice toggles ids into a comma list in list order, and back to null', () => {
    const { button, open, changes } = setup({ multiple: true });
    open();
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');

    fireEvent.click(screen.getByRole('option', { name: 'Houston' }));
    fireEvent.click(screen.getByRole('option', { name: 'New York' }));
    expect(screen.getByRole('option', { name: 'Houston' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(button.textContent).toBe('2 selected');
    fireEvent.click(screen.getByRole('option', { name: 'Houston' }));
    fireEvent.click(screen.getByRole('option', { name: 'New York' }));

    expect(changes).toEqual(['618', '501,618', '501', null]);
    expect(button.textContent).toBe('Nationwide');
  });

  test('options are grouped under their parent headers', () => {
    const { open } = setup();
    open();

    const groups = screen.getAllByRole('group');
    expect(groups.map((g) => g.textContent)).toEqual([
      'NortheastNew YorkBoston',
      'SouthDallasHouston',
    ]);
    expect(
      within(screen.getByRole('group', { name: 'South' })).getAllByRole('option'),
    ).toHaveLength(2);
  });

  test('the search box filters by name or by group, and says when nothing matches', () => {
    const { open } = setup();
    open();
    const search = screen.getByRole('combobox', { name: 'Search Region' });
    expect(document.activeElement).toBe(search);

    fireEvent.change(search, { target: { value: 'hou' } });
    expect(optionNames()).toEqual(['Houston']);
    fireEvent.change(search, { target: { value: 'northeast' } });
    expect(optionNames()).toEqual(['New York', 'Boston']);
    fireEvent.change(search, { target: { value: 'zzz' } });

    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('No matches');
  });

  test('pagination shows 10 per page with Prev and Next', () => {
    const { open } = setup({ options: many, paginate: true });
    open();
    const prev = screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(optionNames()).toHaveLength(10);
    expect(optionNames()[0]).toBe('Station 01');
    expect(prev.disabled).toBe(true);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(next);
    expect(optionNames()[0]).toBe('Station 11');
    fireEvent.click(next);
    expect(optionNames()).toEqual(['Station 21', 'Station 22', 'Station 23']);
    expect(next.disabled).toBe(true);
    fireEvent.click(prev);

    expect(optionNames()[0]).toBe('Station 11');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  test('arrow keys move through the options (onto the next page), Enter picks', () => {
    const { open, changes } = setup({ options: many, paginate: true });
    open();
    const search = screen.getByRole('combobox');
    const active = () => document.getElementById(search.getAttribute('aria-activedescendant')!);
    expect(active()?.textContent).toBe('Station 01');

    for (let i = 0; i < 10; i += 1) key(search, 'ArrowDown');
    expect(active()?.textContent).toBe('Station 11');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    key(search, 'End');
    expect(active()?.textContent).toBe('Station 20');
    key(search, 'Home');
    key(search, 'ArrowUp');
    expect(active()?.textContent).toBe('Station 10');
    key(search, 'Enter');

    expect(changes).toEqual(['10']);
  });

  test('Space picks from an empty search box; typed letters go into the search instead', () => {
    const { open, changes } = setup({ multiple: true });
    open();
    const search = screen.getByRole('combobox');

    key(search, 'ArrowDown');
    key(search, ' ');
    expect(changes).toEqual(['506']);
    fireEvent.change(search, { target: { value: 'new' } });
    key(search, ' ');

    expect(changes).toEqual(['506']);
  });

  test('without a search box, the list takes focus and typing jumps to a matching option', () => {
    const { open, changes } = setup({ searchable: false });
    open();
    const list = screen.getByRole('listbox');
    expect(document.activeElement).toBe(list);

    key(list, 'h');
    expect(document.getElementById(list.getAttribute('aria-activedescendant')!)?.textContent).toBe(
      'Houston',
    );
    key(list, ' ');

    expect(changes).toEqual(['618']);
  });

  test('Escape closes without picking and gives focus back to the button', () => {
    const { button, open, changes } = setup();
    open();

    key(screen.getByRole('combobox'), 'ArrowDown');
    key(screen.getByRole('combobox'), 'Escape');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(changes).toEqual([]);
  });

  test('ArrowDown on the button opens the list at the current choice; Clear goes back to null', () => {
    const { button, changes } = setup({ initial: '618' });

    key(button, 'ArrowDown');
    const search = screen.getByRole('combobox');
    expect(
      document.getElementById(search.getAttribute('aria-activedescendant')!)?.textContent,
    ).toBe('Houston');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));

    expect(changes).toEqual([null]);
    expect(button.textContent).toBe('Nationwide');
  });

  test('a click outside closes the list', () => {
    const { button, open } = setup();
    open();

    fireEvent.pointerDown(document.body);

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  test('a named dropdown carries its value in a hidden input, so a plain form submits it', () => {
    setup({ name: 'market', multiple: true, initial: '501,623' });

    const hidden = document.querySelector<HTMLInputElement>('input[type="hidden"][name="market"]');

    expect(hidden?.value).toBe('501,623');
  });
});
