/**
 * Which shared pieces of the shell a page shows (§2). Pages not listed show everything.
 * Payment, development, staff login and the staff dashboards are full-screen pages of their own;
 * the register page keeps the navbar (its login button opens the dialog) but drops the footer;
 * the invoice is printed, so it drops both bars.
 */
export interface ChromeVisibility {
  navbar: boolean;
  footer: boolean;
  loginModal: boolean;
}

const HIDE_ALL: ChromeVisibility = { navbar: false, footer: false, loginModal: false };
const SHOW_ALL: ChromeVisibility = { navbar: true, footer: true, loginModal: true };

export const CHROME_RULES: Readonly<Record<string, ChromeVisibility>> = {
  '/pago': HIDE_ALL,
  '/pago-exitoso': HIDE_ALL,
  '/pago-fallido': HIDE_ALL,
  '/dev': HIDE_ALL,
  '/acceso-gerencia': HIDE_ALL,
  '/gestion': HIDE_ALL,
  '/trabajo': HIDE_ALL,
  '/auditoria': HIDE_ALL,
  '/acceso-de-pago': HIDE_ALL,
  '/registro': { navbar: true, footer: false, loginModal: true },
  '/factura': { navbar: false, footer: false, loginModal: true },
};

export function chromeFor(pathname: string): ChromeVisibility {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CHROME_RULES[normalized.toLowerCase()] ?? SHOW_ALL;
}
