import { describe, expect, it } from 'vitest';
import { matchesWindow, type WindowFilter, type WindowMove } from './moveWindow';
import fixture from '../../../api/tests/fixtures/move_window_cases.json';

// The server's own cases (api/tests/fixtures/move_window_cases.json): the Rust test runs each
// against the real endpoint, this one against the browser's matcher, so the two cannot drift.

interface FixtureCase {
  name: string;
  today: string;
  caller: string | null;
  filter: Record<string, string>;
  move: WindowMove;
  matches: boolean;
}

describe('the shared cases of the window rules', () => {
  const cases = fixture as unknown as FixtureCase[];

  it('has the server fixture to check against', () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  for (const c of cases) {
    it(c.name, () => {
      expect(matchesWindow(c.move, c.filter as WindowFilter, c.today, c.caller)).toBe(c.matches);
    });
  }
});
