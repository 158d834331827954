import { describe, expect, it } from 'vitest';
import { CHROME_RULES, chromeFor } from './chrome';

const FULL_SCREEN = [
  '/pago',
  '/pago-exitoso',
  '/pago-fallido',
  '/dev',
  '/acceso-gerencia',
  '/gestion',
  '/trabajo',
  '/acceso-de-pago',
];

describe('chromeFor', () => {
  it.each(FULL_SCREEN)('hides navbar, footer and login dialog on %s', (path) => {
    expect(chromeFor(path)).toEqual({ navbar: false, footer: false, loginModal: false });
  });

  it('hides only the footer on /registro', () => {
    expect(chromeFor('/registro')).toEqual({ navbar: true, footer: false, loginModal: true });
  });

  it('hides navbar and footer on the printable invoice', () => {
    const chrome = chromeFor('/factura');
    expect(chrome.navbar).toBe(false);
    expect(chrome.footer).toBe(false);
  });

  it.each(['/', '/sobre-nosotros', '/cliente/abc', '/admin', '/ruta-que-no-existe'])(
    'shows everything on %s',
    (path) => {
      expect(chromeFor(path)).toEqual({ navbar: true, footer: true, loginModal: true });
    },
  );

  it('hides navbar, footer and login dialog on the auditor screen, a staff dashboard', () => {
    expect(chromeFor('/auditoria')).toEqual({ navbar: false, footer: false, loginModal: false });
  });

  it('ignores a trailing slash and letter case', () => {
    expect(chromeFor('/pago/').navbar).toBe(false);
    expect(chromeFor('/Gestion').footer).toBe(false);
  });

  it('lists exactly the pages §2 names', () => {
    expect(Object.keys(CHROME_RULES).sort()).toEqual([...FULL_SCREEN, '/auditoria', '/registro', '/factura'].sort());
  });
});
