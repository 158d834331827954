import { COMPANY_EMAIL, COMPANY_NAME, COMPANY_PHONE } from '../../lib/company';
import { formatLongDate } from '../../lib/format';

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

export function formatLegalDate(iso: string): string {
  return formatLongDate(iso);
}
