import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Select } from '../../components/FormField';
import { formatPhone } from '../../lib/validation';
import { CONTACT_PREFERENCES } from '../../lib/moveOptions';
import { canPressSend, priceSettled, quoteEmailError, quotePhoneError } from './calculator';
import { usePriceFinderStore } from './usePriceFinderStore';

type Field = 'email' | 'phone';

const IDS = {
  name: 'pf-nombre',
  email: 'pf-email',
  phone: 'pf-telefono',
  consent: 'pf-consentimiento',
  marketing: 'pf-publicidad',
} as const;

/** The contact form of the summary (§5 quote contact): sends the quote request with the price shown. */
export function QuoteForm() {
  const contact = usePriceFinderStore((s) => s.contact);
  const contactPreference = usePriceFinderStore((s) => s.contactPreference);
  const priceStatus = usePriceFinderStore((s) => s.price.status);
  const canSend = priceSettled(priceStatus);
  const quote = usePriceFinderStore((s) => s.quote);
  const setContact = usePriceFinderStore((s) => s.setContact);
  const setContactPreference = usePriceFinderStore((s) => s.setContactPreference);
  const submitQuote = usePriceFinderStore((s) => s.submitQuote);
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, phone: false });

  const sending = quote.status === 'sending';
  const errors: Record<Field, string | null> = {
    email: quoteEmailError(contact.email),
    phone: quotePhoneError(contact.phone),
  };
  const shown = (field: Field) => (touched[field] ? errors[field] : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend || sending || !canPressSend(contact)) return;
    setTouched({ email: true, phone: true });
    const invalid = (['email', 'phone'] as const).find((f) => errors[f]);
    if (invalid) {
      document.getElementById(IDS[invalid])?.focus();
      return;
    }
    void submitQuote();
  };

  return (
    <form className="pf-quote form" noValidate onSubmit={onSubmit} aria-labelledby="pf-presupuesto-titulo">
      <h3 id="pf-presupuesto-titulo" className="pf-section-title">
        Solicita tu presupuesto definitivo
      </h3>
      <p className="pf-muted">Sin compromiso. Te responderemos en menos de 24 horas.</p>
      {priceStatus === 'error' && (
        <p className="pf-muted">
          Aunque no hayamos podido calcular el precio, puedes enviarnos la solicitud: te prepararemos un presupuesto
          personalizado con los datos de tu mudanza.
        </p>
      )}

      <fieldset className="pf-fieldset pf-fieldset--plain" disabled={sending}>
        <legend className="sr-only">Tus datos de contacto</legend>
        <div className="pf-grid pf-grid--2">
          <div className="form__field">
            <label className="form__label" htmlFor={IDS.name}>
              Nombre
            </label>
            <input
              id={IDS.name}
              className="input"
              autoComplete="name"
              required
              value={contact.name}
              onChange={(e) => setContact({ name: e.target.value })}
            />
          </div>
          <div className="form__field">
            <label className="form__label" htmlFor={IDS.email}>
              Email
            </label>
            <input
              id={IDS.email}
              className="input"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              aria-invalid={shown('email') ? true : undefined}
              aria-describedby={shown('email') ? `${IDS.email}-error` : undefined}
              value={contact.email}
              onChange={(e) => setContact({ email: e.target.value })}
              onBlur={() => setTouched((t) => ({ ...t, email: true }))}
            />
            {shown('email') && (
              <p id={`${IDS.email}-error`} className="pf-field-error">
                {shown('email')}
              </p>
            )}
          </div>
          <div className="form__field">
            <label className="form__label" htmlFor={IDS.phone}>
              Teléfono
            </label>
            <input
              id={IDS.phone}
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="612 345 678"
              required
              aria-invalid={shown('phone') ? true : undefined}
              aria-describedby={shown('phone') ? `${IDS.phone}-error` : undefined}
              value={contact.phone}
              onChange={(e) => setContact({ phone: formatPhone(e.target.value) })}
              onBlur={() => setTouched((t) => ({ ...t, phone: true }))}
            />
            {shown('phone') && (
              <p id={`${IDS.phone}-error`} className="pf-field-error">
                {shown('phone')}
              </p>
            )}
          </div>
          <Select
            id="pf-preferencia"
            label="Prefiero que me contactéis por"
            value={contactPreference}
            options={CONTACT_PREFERENCES}
            onChange={setContactPreference}
          />
        </div>

        <label className="pf-check pf-check--top">
          <input
            id={IDS.consent}
            type="checkbox"
            checked={contact.consent}
            onChange={(e) => setContact({ consent: e.target.checked })}
          />
          <span>
            Acepto que me contactéis para hablar de este presupuesto. Usaremos tus datos solo para eso, como explica la{' '}
            <Link to="/politica-privacidad" target="_blank" rel="noopener">
              política de privacidad
            </Link>
            .
          </span>
        </label>
        <label className="pf-check pf-check--top">
          <input
            id={IDS.marketing}
            type="checkbox"
            checked={contact.marketing}
            onChange={(e) => setContact({ marketing: e.target.checked })}
          />
          <span>Quiero recibir ofertas y novedades por email (opcional; puedes darte de baja cuando quieras).</span>
        </label>
      </fieldset>

      {quote.status === 'error' && (
        <div className="form__error" role="alert">
          <p>{quote.message}</p>
          {quote.detail && <p>{quote.detail}</p>}
        </div>
      )}

      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!canSend || sending || !canPressSend(contact)}
        aria-describedby={canPressSend(contact) ? undefined : 'pf-presupuesto-ayuda'}
      >
        {sending ? 'Enviando...' : 'Solicitar presupuesto'}
      </button>
      {!canPressSend(contact) && (
        <p id="pf-presupuesto-ayuda" className="pf-muted pf-note">
          Escribe tu nombre y acepta que te contactemos para enviar la solicitud.
        </p>
      )}
    </form>
  );
}
