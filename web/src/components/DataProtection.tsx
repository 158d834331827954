// What every public form that collects personal data shows (issue 6; RGPD art. 13 and LOPDGDD
// art. 11): one checkbox per purpose, unticked by default, and the first layer of the
// data-protection notice right under the form, whose second layer is /politica-privacidad.
import { Link } from 'react-router-dom';
import { COMPANY_EMAIL, COMPANY_NAME } from '../lib/company';
import './DataProtection.css';

interface ConsentChecksProps {
  /** Prefix of the two inputs' ids (`${idPrefix}-consentimiento`, `${idPrefix}-publicidad`). */
  idPrefix: string;
  contact: boolean;
  marketing: boolean;
  onContact: (checked: boolean) => void;
  onMarketing: (checked: boolean) => void;
  /** Why the required consent is asked: '… para responder a esta consulta'. */
  contactPurpose: string;
  /** The optional one's offer: 'Quiero recibir ofertas…'. */
  marketingText: string;
  /** The required consent's error, shown under it once the visitor has tried to send. */
  error?: string | null;
}

export function ConsentChecks({
  idPrefix,
  contact,
  marketing,
  onContact,
  onMarketing,
  contactPurpose,
  marketingText,
  error,
}: ConsentChecksProps) {
  const contactId = `${idPrefix}-consentimiento`;
  return (
    <fieldset className="consent">
      <legend className="consent__legend">Tu consentimiento</legend>
      <div className="consent__item">
        <input
          id={contactId}
          type="checkbox"
          checked={contact}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${contactId}-error` : undefined}
          onChange={(e) => onContact(e.target.checked)}
        />
        <label htmlFor={contactId}>
          Acepto que {COMPANY_NAME} trate mis datos {contactPurpose}, como explica la{' '}
          <Link to="/politica-privacidad" target="_blank" rel="noopener">
            política de privacidad
          </Link>{' '}
          <span className="consent__required">(obligatorio)</span>
        </label>
      </div>
      {error && (
        <p id={`${contactId}-error`} className="consent__error">
          {error}
        </p>
      )}
      <div className="consent__item">
        <input
          id={`${idPrefix}-publicidad`}
          type="checkbox"
          checked={marketing}
          onChange={(e) => onMarketing(e.target.checked)}
        />
        <label htmlFor={`${idPrefix}-publicidad`}>
          {marketingText} <span className="consent__optional">(opcional; puedes darte de baja cuando quieras)</span>
        </label>
      </div>
    </fieldset>
  );
}

interface DataProtectionNoticeProps {
  /** 'Responder a tu consulta…': what the data is used for. */
  purpose: string;
  /** How long it is kept, for this form. */
  retention: string;
}

/** First layer of the notice (AEPD's 'información básica'): the rest is on /politica-privacidad. */
export function DataProtectionNotice({ purpose, retention }: DataProtectionNoticeProps) {
  return (
    <section className="dp-notice" aria-label="Información básica sobre protección de datos">
      <p className="dp-notice__title">Información básica sobre protección de datos</p>
      <dl className="dp-notice__list">
        <div>
          <dt>Responsable</dt>
          <dd>
            {COMPANY_NAME} (<a href={`mailto:${COMPANY_EMAIL}`}>{COMPANY_EMAIL}</a>).
          </dd>
        </div>
        <div>
          <dt>Finalidad</dt>
          <dd>
            {purpose} Solo si lo marcas, enviarte novedades y ofertas. {retention}
          </dd>
        </div>
        <div>
          <dt>Legitimación</dt>
          <dd>Tu consentimiento, que puedes retirar en cualquier momento sin que afecte a lo ya tratado.</dd>
        </div>
        <div>
          <dt>Destinatarios</dt>
          <dd>No cedemos tus datos a terceros, salvo obligación legal.</dd>
        </div>
        <div>
          <dt>Derechos</dt>
          <dd>
            Acceso, rectificación, supresión, oposición, limitación y portabilidad, escribiendo a{' '}
            <a href={`mailto:${COMPANY_EMAIL}`}>{COMPANY_EMAIL}</a>; también puedes reclamar ante la Agencia Española de
            Protección de Datos.
          </dd>
        </div>
        <div>
          <dt>Más información</dt>
          <dd>
            En nuestra <Link to="/politica-privacidad">política de privacidad</Link>.
          </dd>
        </div>
      </dl>
    </section>
  );
}
