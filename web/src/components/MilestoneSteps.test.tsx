import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../lib/format';
import { MilestoneSteps } from './MilestoneSteps';

const ON_THE_WAY = { hito: 'en_camino', fecha: '2026-04-01T07:05:00Z' };
const AT_ORIGIN = { hito: 'llegada_origen', fecha: '2026-04-01T07:40:00Z' };
const LOADED = { hito: 'carga_terminada', fecha: '2026-04-01T09:10:00Z' };
const AT_DESTINATION = { hito: 'llegada_destino', fecha: '2026-04-01T09:55:00Z' };

function steps(recorded: readonly { hito: string; fecha: string }[], compact = false) {
  render(<MilestoneSteps recorded={recorded} label="Hitos de la mudanza 13" compact={compact} />);
  const list = screen.getByRole('list', { name: 'Hitos de la mudanza 13' });
  return { list, items: within(list).getAllByRole('listitem') };
}

const stateOf = (item: HTMLElement) => /milestones__step--(\w+)/.exec(item.className)?.[1];

describe('MilestoneSteps', () => {
  it('lists the four milestones of the day in order, none reached yet, the first one next', () => {
    const { items } = steps([]);
    expect(items.map((li) => li.querySelector('.milestones__label')?.textContent)).toEqual([
      'En camino',
      'Llegada al origen',
      'Carga terminada',
      'Llegada al destino',
    ]);
    expect(items.map(stateOf)).toEqual(['next', 'todo', 'todo', 'todo']);
    for (const item of items) expect(within(item).getByText('pendiente')).toBeTruthy();
    expect(screen.queryAllByRole('time')).toHaveLength(0);
  });

  it('marks the recorded milestones done, with their time, and the following one next', () => {
    const { items } = steps([ON_THE_WAY, AT_ORIGIN]);
    expect(items.map(stateOf)).toEqual(['done', 'done', 'next', 'todo']);
    const time = items[1]!.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(AT_ORIGIN.fecha);
    expect(time.textContent).toBe(formatTime(AT_ORIGIN.fecha));
    expect(items[0]!.querySelector('time')!.textContent).toBe(formatTime(ON_THE_WAY.fecha));
    expect(within(items[0]!).queryByText('pendiente')).toBeNull();
    expect(within(items[2]!).getByText('pendiente')).toBeTruthy();
  });

  it('has nothing next once the last milestone is in', () => {
    const { items } = steps([ON_THE_WAY, AT_ORIGIN, LOADED, AT_DESTINATION]);
    expect(items.map(stateOf)).toEqual(['done', 'done', 'done', 'done']);
    expect(screen.queryByText('pendiente')).toBeNull();
  });

  it('keeps the day order whatever order the milestones arrive in, and ignores unknown ones', () => {
    const { items } = steps([AT_ORIGIN, { hito: 'descanso', fecha: '2026-04-01T08:00:00Z' }, ON_THE_WAY]);
    expect(items).toHaveLength(4);
    expect(items.map(stateOf)).toEqual(['done', 'done', 'next', 'todo']);
  });

  it('has a compact form for the dashboard cards', () => {
    const { list } = steps([ON_THE_WAY], true);
    expect(list.classList.contains('milestones--compact')).toBe(true);
  });
});
