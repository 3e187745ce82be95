// The admin's one table (issue 23): headers and labelled cells, the row header, a detail row, and the
// row's actions: a lone action as a button, several behind a menu button a keyboard works.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table.tsx';

interface Ship {
  id: string;
  name: string;
  crew: number;
}

const ships: Ship[] = [
  { id: 'ship-1', name: 'Vanguard', crew: 4 },
  { id: 'ship-2', name: 'Leviathan', crew: 1200 },
];

function renderShips(options: { actions?: (ship: Ship) => { label: string; name?: string; onSelect: () => void }[] }) {
  return render(
    <>
      <DataTable
        label="Ships"
        columns={[
          { header: 'Name', rowHeader: true, cell: (ship) => ship.name },
          { header: 'Crew', className: 'cell-number', cell: (ship) => ship.crew },
        ]}
        rows={ships}
        rowKey={(ship) => ship.id}
        rowName={(ship) => ship.name}
        {...options}
      />
      <button type="button">After the table</button>
    </>,
  );
}

describe('DataTable', () => {
  it('labels each cell with its column, for the cards phones show, and names each row', () => {
    renderShips({});
    const table = screen.getByRole('table', { name: 'Ships' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Crew']);
    const vanguard = screen.getByRole('rowheader', { name: 'Vanguard' });
    expect(vanguard.getAttribute('data-label')).toBe('Name');
    const crew = vanguard.closest('tr')?.querySelector('td');
    expect(crew?.getAttribute('data-label')).toBe('Crew');
    expect(crew?.className).toBe('cell-number');
    expect(crew?.textContent).toBe('4');
  });

  it('shows a lone action as a plain button named for its row', () => {
    const onSelect = vi.fn();
    renderShips({ actions: (ship) => [{ label: 'Scrap', name: `Scrap ${ship.name}`, onSelect }] });
    fireEvent.click(screen.getByRole('button', { name: 'Scrap Leviathan' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it('puts several actions behind a menu button the keyboard opens, moves through and closes', () => {
    const chosen: string[] = [];
    renderShips({
      actions: (ship) =>
        ['Edit', 'Refit', 'Scrap'].map((label) => ({
          label,
          name: `${label} ${ship.name}`,
          onSelect: () => chosen.push(`${label} ${ship.name}`),
        })),
    });
    const button = screen.getByRole('button', { name: 'Actions for Vanguard' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    // ArrowDown on the button opens it on the first action; the arrows wrap; Home and End jump.
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = screen.getByRole('menu', { name: 'Actions for Vanguard' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'Refit', 'Scrap']);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items[2]);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items[2]);

    // Escape closes it and gives the focus back to the button.
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // ArrowUp opens it on the last action; Tab closes it without choosing.
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Scrap Vanguard' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Tab' });
    expect(screen.queryByRole('menu')).toBeNull();

    // A click opens it; choosing runs the action once, closes the menu and leaves the focus on the button.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Leviathan' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Refit Leviathan' }));
    expect(chosen).toEqual(['Refit Leviathan']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Leviathan' }));

    // A click elsewhere closes it.
    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'After the table' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(chosen).toEqual(['Refit Leviathan']);
  });

  it('shows a row’s detail under it across the table', () => {
    render(
      <DataTable
        label="Ships"
        columns={[{ header: 'Name', rowHeader: true, cell: (ship: Ship) => ship.name }]}
        rows={ships}
        rowKey={(ship) => ship.id}
        actions={() => []}
        detail={(ship) => (ship.id === 'ship-2' ? <p>Refit plans</p> : null)}
      />,
    );
    const detail = screen.getByText('Refit plans').closest('td');
    expect(detail?.colSpan).toBe(2);
    expect(screen.getByRole('rowheader', { name: 'Leviathan' }).closest('tr')?.className).toBe('is-open');
  });
});
