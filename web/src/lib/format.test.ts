import { describe, expect, it } from 'vitest';
import { categoryLabel, floorLabel, propertyTypeLabel, statusLabel, warrantyText } from './documentText';
import {
  formatCount,
  formatDecimal,
  formatEuros,
  formatLongDate,
  formatLongDateWithWeekday,
  formatRating,
} from './format';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('document formats', () => {
  it('writes money the Spanish way, grouping thousands', () => {
    expect(nbsp(formatEuros(1234.56))).toBe('1.234,56 €');
    expect(nbsp(formatEuros(0))).toBe('0,00 €');
    expect(nbsp(formatEuros(999.5))).toBe('999,50 €');
  });

  it('writes calendar dates in long form without a time-zone shift', () => {
    expect(formatLongDate('2026-01-01')).toBe('1 de enero de 2026');
    expect(formatLongDateWithWeekday('2026-03-09')).toBe('lunes, 9 de marzo de 2026');
    expect(formatLongDate(null)).toBe('—');
    expect(formatLongDate('pronto')).toBe('pronto');
  });

  it('shows a dash for unknown numbers and names', () => {
    expect(formatDecimal(null)).toBe('—');
    expect(formatDecimal(2.5)).toBe('2,5');
    expect(formatRating(null)).toBe('—');
    expect(categoryLabel(null)).toBe('—');
    expect(categoryLabel('camas_y_colchones')).toBe('Camas y colchones');
  });

  it('writes an average rating out of five with one decimal', () => {
    expect(formatRating(4.87)).toBe('4,9 / 5');
    expect(formatRating(4.75)).toBe('4,8 / 5');
    expect(formatRating(5)).toBe('5,0 / 5');
  });

  it('names the wire values', () => {
    expect(statusLabel('en curso')).toBe('En Progreso');
    expect(propertyTypeLabel('apartment_3_room')).toBe('Piso de 3 habitaciones');
    expect(propertyTypeLabel('apartment_3_rooms')).toBe('Piso de 3 habitaciones');
    expect(floorLabel('ground')).toBe('Bajo');
  });

  it('always has a 30-day warranty line', () => {
    expect(warrantyText('')).toMatch(/30 días.*desmontaje y montaje/);
    expect(warrantyText(' Garantía del servidor ')).toBe('Garantía del servidor');
  });
});

describe('formatCount', () => {
  it('takes the singular for one only, and groups thousands', () => {
    expect(formatCount(0, 'amigo', 'amigos')).toBe('0 amigos');
    expect(formatCount(1, 'amigo', 'amigos')).toBe('1 amigo');
    expect(formatCount(2, 'amigo', 'amigos')).toBe('2 amigos');
    expect(formatCount(1500, 'amigo', 'amigos')).toBe('1.500 amigos');
  });
});
