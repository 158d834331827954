import { describe, expect, it } from 'vitest';
import { addDays, companyToday } from './calendar';

describe("the company's calendar", () => {
  it('turns the day in Madrid, not where the visitor is', () => {
    // Winter: Madrid is UTC+1.
    expect(companyToday(new Date('2026-12-01T22:59:00Z'))).toBe('2026-12-01');
    expect(companyToday(new Date('2026-12-01T23:00:00Z'))).toBe('2026-12-02');
    // Summer: UTC+2; 23:30 UTC on 31 March is already 1 April.
    expect(companyToday(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
    expect(companyToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('counts days across months and leap years', () => {
    expect(addDays('2026-03-03', -7)).toBe('2026-02-24');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
