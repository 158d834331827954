import { COMPANY_EMAIL, COMPANY_NAME, COMPANY_PHONE } from '../../lib/company';

// The company's identification for the legal pages. The server's copy (seed/empresa.json, printed
// on invoices and waybills) is the source; legalData.test.ts fails when the two disagree.
export const COMPANY_LEGAL = {
  nombre: COMPANY_NAME,
  nif: 'B-87654321',
  direccion: 'Calle de Embajadores 100',
  ciudad: '28012 Madrid',
  telefono: COMPANY_PHONE,
  email: COMPANY_EMAIL,
} as const;

export const COMPANY_ADDRESS = `${COMPANY_LEGAL.direccion}, ${COMPANY_LEGAL.ciudad}`;

/** When the terms and the privacy notice last changed (ISO date); shown in each page's hero. */
export const TERMS_LAST_UPDATED = '2026-11-21';
export const PRIVACY_LAST_UPDATED = '2026-11-21';

const longDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function formatLegalDate(iso: string): string {
  return longDate.format(new Date(`${iso}T00:00:00Z`));
}
