import { describe, expect, it } from 'vitest';
import type { RebuildStatus } from '../../lib/api';
import { eventQuery } from '../../lib/api';
import { passwordStrength } from '../../lib/validation';
import {
  EMPLOYEE_ID_MESSAGE,
  formatLag,
  formatSize,
  generatePassword,
  localToIso,
  rebuildPercent,
  rebuildRunning,
  validateStaffForm,
} from './admin';

const valid = {
  rol: 'empleado' as const,
  nombre: 'Rosa Díaz',
  email: 'rosa@mudanzas.test',
  usuario: '',
  password: 'Mudanza#2026',
};

function status(overrides: Partial<RebuildStatus>): RebuildStatus {
  return {
    proyeccion: 'moves',
    fase: 'reproduciendo',
    procesados: 0,
    total: 0,
    iniciada_en: '2026-03-01T10:00:00Z',
    terminada_en: null,
    posicion: null,
    error: null,
    ...overrides,
  };
}

describe('admin panel helpers', () => {
  it('checks the staff form with the §5 rules, field by field', () => {
    expect(validateStaffForm(valid)).toEqual({});
    expect(validateStaffForm({ ...valid, nombre: 'R2D2', email: 'rosa@', password: 'corta' })).toEqual({
      nombre: 'Solo se permiten letras y espacios',
      email: 'Ingresa un email válido',
      password: 'La contraseña debe tener al menos 8 caracteres, con mayúsculas, minúsculas, números y símbolos',
    });
    expect(validateStaffForm({ ...valid, usuario: 'ROSA' })).toEqual({ usuario: EMPLOYEE_ID_MESSAGE });
    expect(validateStaffForm({ ...valid, usuario: 'emp-007' })).toEqual({});
    // A manager has no employee id: whatever is left in the field is ignored.
    expect(validateStaffForm({ ...valid, rol: 'empresario', usuario: 'ROSA' })).toEqual({});
  });

  it('generates passwords of strength 5 without letters that are misread', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
      expect(password).not.toMatch(/[01OlI]/);
      expect(passwordStrength(password)).toBe(5);
    }
    // A random source that never gives a digit is asked again rather than producing a weak one.
    let calls = 0;
    const password = generatePassword((n) => {
      calls += 1;
      return calls <= 12 ? 0 : (calls * 7) % n;
    });
    expect(calls).toBeGreaterThan(12);
    expect(passwordStrength(password)).toBe(5);
  });

  it('computes the rebuild percentage and whether it still runs', () => {
    expect(rebuildPercent(status({ procesados: 0, total: 0, fase: 'esperando' }))).toBe(0);
    expect(rebuildPercent(status({ procesados: 333, total: 1000 }))).toBe(33);
    expect(rebuildPercent(status({ procesados: 1000, total: 1000, fase: 'guardando' }))).toBe(100);
    expect(rebuildPercent(status({ procesados: 0, total: 0, fase: 'terminada' }))).toBe(100);
    expect(rebuildRunning(status({ fase: 'esperando' }))).toBe(true);
    expect(rebuildRunning(status({ fase: 'guardando' }))).toBe(true);
    expect(rebuildRunning(status({ fase: 'terminada' }))).toBe(false);
    expect(rebuildRunning(status({ fase: 'error' }))).toBe(false);
    expect(rebuildRunning(null)).toBe(false);
  });

  it('says lags and sizes as people do', () => {
    expect(formatLag(null)).toBe('—');
    expect(formatLag(0)).toBe('0 s');
    expect(formatLag(12.4)).toBe('12 s');
    expect(formatLag(185)).toBe('3 min 5 s');
    expect(formatLag(7800)).toBe('2 h 10 min');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(8 * 1024 * 1024 + 300 * 1024)).toBe('8,3 MB');
  });

  it('turns filters into a query without the empty ones, and local times into instants', () => {
    expect(eventQuery({ flujo: ' move-* ', tipo: '', actor: undefined, orden: 'asc', after: 40, limit: 50 })).toBe(
      '?flujo=move-*&orden=asc&after=40&limit=50',
    );
    expect(eventQuery({})).toBe('');
    expect(localToIso('')).toBe('');
    expect(localToIso('no es una fecha')).toBe('');
    expect(localToIso('2026-03-01T10:30')).toBe(new Date(2026, 2, 1, 10, 30).toISOString());
  });
});
