// The company's contact data for links (footer, support, reviews). The legal data is the server's
// (seed/empresa.json, printed on invoices and waybills); this copy must match it.

export const COMPANY_NAME = 'Mudanzas Madrid S.L.';
export const COMPANY_PHONE = '+34 910 123 456';
export const COMPANY_CITY = 'Madrid';
export const COMPANY_EMAIL = 'info@mudanzas.test';

/** For tel: links: the number without spaces. */
export const COMPANY_PHONE_HREF = `tel:${COMPANY_PHONE.replace(/\s/g, '')}`;

/** The WhatsApp chat with the company: wa.me wants the number with country code and digits only. */
export function whatsappUrl(phone: string = COMPANY_PHONE, text?: string): string {
  const digits = phone.replace(/\D/g, '');
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${digits}${query}`;
}

export const SUPPORT_MESSAGE = 'Hola, soy cliente y necesito ayuda con mi mudanza.';
