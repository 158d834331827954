import { useEffect, useRef, useState, type FormEvent } from 'react';
import { NetworkError, submitContactForm, type ApiResponse, type FormResponse } from '../../lib/api';
import { MESSAGES } from '../../lib/validation';
import { ConsentChecks, DataProtectionNotice } from '../../components/DataProtection';
import { Field, fieldProps, PersonFields, Select } from '../../components/FormField';
import { CheckCircleIcon } from '../../components/icons';
import {
  CONTACT_FIELDS,
  contactFailure,
  EMPTY_CONTACT,
  MESSAGE_MAX,
  PLACE_MAX,
  toContactRequest,
  validateContact,
  validateContactField,
  type ContactDraft,
  type ContactErrors,
  type ContactField,
} from './contactForm';
import { SERVICE_TYPES } from '../../lib/options';
import { companyToday } from '../../lib/calendar';

const IDS: Record<ContactField | 'consentMarketing', string> = {
  name: 'contacto-nombre',
  email: 'contacto-email',
  phone: 'contacto-telefono',
  origin: 'contacto-origen',
  destination: 'contacto-destino',
  date: 'contacto-fecha',
  serviceType: 'contacto-servicio',
  message: 'contacto-mensaje',
  consentContact: 'contacto-consentimiento',
  consentMarketing: 'contacto-publicidad',
};

type Status =
  { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent'; name: string } | { kind: 'failed'; message: string };

/**
 * §3 contact form: every input bound to the draft that is sent (the spec's unbound payload is a
 * bug), errors under each field on blur (§5), two consents, then a success view promising a reply
 * within 24 hours, or §8's failure message.
 */
export function ContactForm() {
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_CONTACT);
  // The errors shown: a field's appears when it loses focus, and all of them on a failed submit.
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const successRef = useRef<HTMLHeadingElement>(null);
  // A field the server rejected gets focus once the form is enabled again (it is disabled while sending).
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (status.kind === 'sending' || !focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });
  const today = companyToday();
  const sending = status.kind === 'sending';

  const update = <K extends keyof ContactDraft>(key: K, value: ContactDraft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    // A shown error follows the value as it is corrected, so it never lingers after the fix.
    if (key in errors) {
      const field = key as ContactField;
      setErrors((e) => ({ ...e, [field]: validateContactField(field, next, today) ?? undefined }));
    }
  };
  const blur = (field: ContactField) => () =>
    setErrors((e) => ({ ...e, [field]: validateContactField(field, draft, today) ?? undefined }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = validateContact(draft, today);
    setErrors(found);
    const firstInvalid = CONTACT_FIELDS.find((f) => found[f]);
    if (firstInvalid) {
      setStatus({ kind: 'failed', message: MESSAGES.formInvalid });
      document.getElementById(IDS[firstInvalid])?.focus();
      return;
    }

    setStatus({ kind: 'sending' });
    let response: ApiResponse<FormResponse> | null = null;
    try {
      response = await submitContactForm(toContactRequest(draft));
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
    if (response?.ok && response.body?.success) {
      setStatus({ kind: 'sent', name: draft.name.trim() });
      setDraft(EMPTY_CONTACT);
      setErrors({});
      // The form is gone: focus the confirmation so keyboard and screen-reader users land on it.
      requestAnimationFrame(() => successRef.current?.focus());
      return;
    }
    const failure = contactFailure(response);
    if (!failure.ok) {
      setStatus({ kind: 'failed', message: failure.message });
      if (failure.field) {
        setErrors((e) => ({ ...e, [failure.field!]: failure.message }));
        focusAfterRender.current = IDS[failure.field];
      }
    }
  };

  if (status.kind === 'sent') {
    return (
      <div className="contact-success" role="status">
        <CheckCircleIcon width={48} height={48} className="contact-success__icon" />
        <h2 ref={successRef} tabIndex={-1} className="contact-success__title">
          ¡Mensaje enviado!
        </h2>
        <p>
          Gracias, {status.name}. Hemos recibido tu consulta y te responderemos en menos de 24 horas. Te hemos enviado
          una copia por email.
        </p>
        <button type="button" className="button button--outline" onClick={() => setStatus({ kind: 'editing' })}>
          Enviar otro mensaje
        </button>
      </div>
    );
  }

  return (
    <form className="contact-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="contacto-form-titulo">
      <div className="contact-form__head">
        <h2 id="contacto-form-titulo" className="contact-section__title">
          Envíanos tu consulta
        </h2>
        <p className="contact-muted">
          Los campos marcados con <span aria-hidden="true">*</span>
          <span className="sr-only">asterisco</span> son obligatorios. Te responderemos en menos de 24 horas.
        </p>
      </div>

      <fieldset className="contact-form__fields" disabled={sending}>
        <legend className="sr-only">Tus datos y tu mudanza</legend>
        <div className="contact-form__grid">
          <PersonFields ids={IDS} values={draft} errors={errors} onChange={update} onBlur={blur} />
          <Select<ContactDraft['serviceType']>
            id={IDS.serviceType}
            label="Tipo de servicio"
            required
            error={errors.serviceType}
            className="input form-field__select"
            placeholder="Selecciona un servicio"
            options={SERVICE_TYPES}
            value={draft.serviceType}
            onChange={(value) => update('serviceType', value)}
            onBlur={blur('serviceType')}
          />
          <Field id={IDS.origin} label="Origen" required error={errors.origin}>
            <input
              {...fieldProps(IDS.origin, errors.origin)}
              autoComplete="off"
              maxLength={PLACE_MAX}
              placeholder="Calle, número y ciudad"
              value={draft.origin}
              onChange={(e) => update('origin', e.target.value)}
              onBlur={blur('origin')}
            />
          </Field>
          <Field id={IDS.destination} label="Destino" required error={errors.destination}>
            <input
              {...fieldProps(IDS.destination, errors.destination)}
              autoComplete="off"
              maxLength={PLACE_MAX}
              placeholder="Calle, número y ciudad"
              value={draft.destination}
              onChange={(e) => update('destination', e.target.value)}
              onBlur={blur('destination')}
            />
          </Field>
          <Field id={IDS.date} label="Fecha aproximada (opcional)" error={errors.date}>
            <input
              {...fieldProps(IDS.date, errors.date, { required: false })}
              type="date"
              min={today}
              value={draft.date}
              onChange={(e) => update('date', e.target.value)}
              onBlur={blur('date')}
            />
          </Field>
        </div>

        <Field id={IDS.message} label="Mensaje (opcional)" error={errors.message}>
          <textarea
            {...fieldProps(IDS.message, errors.message, { required: false })}
            rows={5}
            maxLength={MESSAGE_MAX}
            placeholder="Cuéntanos qué necesitas: muebles, plantas, accesos, fechas…"
            value={draft.message}
            onChange={(e) => update('message', e.target.value)}
            onBlur={blur('message')}
          />
        </Field>

        <ConsentChecks
          idPrefix="contacto"
          contact={draft.consentContact}
          marketing={draft.consentMarketing}
          onContact={(checked) => update('consentContact', checked)}
          onMarketing={(checked) => update('consentMarketing', checked)}
          contactPurpose="para responder a esta consulta"
          marketingText="Quiero recibir ofertas y novedades de Mudanzas por email."
          error={errors.consentContact}
        />
      </fieldset>

      {status.kind === 'failed' && (
        <p className="form__error" role="alert">
          {status.message}
        </p>
      )}

      <button type="submit" className="button button--primary button--block contact-form__submit" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar mensaje'}
      </button>

      <DataProtectionNotice
        purpose="Responder a tu consulta y, si lo pides, prepararte un presupuesto."
        retention="Si contratas, conservamos tus datos lo que dure el contrato y 6 años más."
      />
    </form>
  );
}
