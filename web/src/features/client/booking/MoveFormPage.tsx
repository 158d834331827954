import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Field,
  fieldProps,
  RadioGroup,
  type FieldClasses,
  type RadioGroupClasses,
} from '../../../components/FormField';
import { Link, useNavigate } from 'react-router-dom';
import * as api from '../../../lib/api';
import type { BookingMove, ContactPreference, TimeSlot } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { formatPhone, NIF_HINT, PHONE_HINT } from '../../../lib/validation';
import { useAuthStore } from '../../../lib/useAuthStore';
import { formatMoveDate, statusLabel } from '../clientMoves';
import {
  BOOKING_MESSAGES,
  detailsPath,
  formFrom,
  hasErrors,
  INSTRUCTIONS_MAX,
  minAlternativeDate,
  PRICED_DETAILS_HINT,
  toDetailsRequest,
  validateBookingForm,
  type BookingErrors,
  type BookingField,
  type BookingForm,
} from './booking';
import { BookingHero, BookingLoadState, PropertyFacts, useDashboardPath } from './BookingParts';
import type { DetailsFlash } from './MoveDetailsPage';
import { useBookingMove } from './useBookingMove';
import './BookingPages.css';
import { TEXT_LIMITS } from '../../../lib/textLimits';
import { TIME_SLOTS } from '../../../lib/options';
import { CONTACT_PREFERENCES } from '../../../lib/moveOptions';

/** The order errors are focused in: the form's own order. */
const FIELD_ORDER: readonly BookingField[] = [
  'contactName',
  'contactPhone',
  'contactEmail',
  'alternativeDate',
  'instructions',
  'billingNif',
  'billingAddress',
];

const BOOKING_RADIOS: RadioGroupClasses = {
  fieldset: 'booking-choices',
  legend: 'form__label',
  options: 'booking-choices__options',
  option: 'booking-choice',
  checked: 'is-checked',
};

/** The booking pages' own hint and error look (client area). */
const BOOKING_FIELD: FieldClasses = { hint: 'client-hint', error: 'client-field-error' };
const BOOKING_FIELD_WIDE: FieldClasses = { ...BOOKING_FIELD, field: 'booking-form__wide' };

function MoveForm({ move }: { move: BookingMove }) {
  const navigate = useNavigate();
  const profileNif = useAuthStore((s) => s.user?.nif ?? '');
  const [form, setForm] = useState<BookingForm>(() => formFrom(move, profileNif));
  const [errors, setErrors] = useState<BookingErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const idOf = (field: BookingField) => `${id}-${field}`;
  const failureRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const update = <K extends keyof BookingForm>(key: K, value: BookingForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateBookingForm(form, move);
    setErrors(found);
    if (hasErrors(found)) {
      const first = FIELD_ORDER.find((f) => found[f]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setSaving(true);
    try {
      const response = await api.completeBookingDetails(move.id, toDetailsRequest(form, move));
      if (response.ok && response.body?.success) {
        const state: DetailsFlash = { flash: BOOKING_MESSAGES.saved };
        navigate(detailsPath(move.id), { state });
        return;
      }
      setFailure(api.errorText(response.body, BOOKING_MESSAGES.saveFailed));
    } catch {
      setFailure(BOOKING_MESSAGES.network);
    }
    setSaving(false);
  };

  const instructionsLength = [...form.instructions.trim()].length;

  return (
    <form className="booking-form" noValidate onSubmit={(e) => void submit(e)} aria-label="Datos de la mudanza">
      {failure && (
        <p ref={failureRef} className="form__error" role="alert" tabIndex={-1}>
          {failure}
        </p>
      )}

      <section className="client-card booking-card" aria-labelledby={`${id}-contact`}>
        <h2 id={`${id}-contact`} className="client-card__title">
          Contacto el día de la mudanza
        </h2>
        <p className="client-hint">La persona que estará en la mudanza y a la que llamará el equipo.</p>
        <div className="booking-form__grid">
          <Field id={idOf('contactName')} label="Nombre y apellidos" error={errors.contactName} classes={BOOKING_FIELD}>
            <input
              {...fieldProps(idOf('contactName'), errors.contactName, { required: false })}
              autoComplete="name"
              maxLength={TEXT_LIMITS.name}
              value={form.contactName}
              disabled={saving}
              onChange={(e) => update('contactName', e.target.value)}
            />
          </Field>
          <Field
            id={idOf('contactPhone')}
            label="Teléfono de contacto"
            error={errors.contactPhone}
            hint={PHONE_HINT}
            classes={BOOKING_FIELD}
          >
            <input
              {...fieldProps(idOf('contactPhone'), errors.contactPhone, { hint: true, required: false })}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={TEXT_LIMITS.phone}
              value={form.contactPhone}
              disabled={saving}
              onChange={(e) => update('contactPhone', formatPhone(e.target.value))}
            />
          </Field>
          <Field
            id={idOf('contactEmail')}
            label="Email (opcional)"
            error={errors.contactEmail}
            hint="Necesario si prefieres que te contactemos por email."
            classes={BOOKING_FIELD_WIDE}
          >
            <input
              {...fieldProps(idOf('contactEmail'), errors.contactEmail, { hint: true, required: false })}
              type="email"
              autoComplete="email"
              maxLength={TEXT_LIMITS.email}
              value={form.contactEmail}
              disabled={saving}
              onChange={(e) => update('contactEmail', e.target.value)}
            />
          </Field>
        </div>
        <RadioGroup<ContactPreference>
          classes={BOOKING_RADIOS}
          legend="¿Cómo prefieres que te contactemos?"
          name={`${id}-channel`}
          options={CONTACT_PREFERENCES}
          value={form.contactPreference}
          disabled={saving}
          onChange={(v) => {
            update('contactPreference', v);
            setErrors((e) => ({ ...e, contactEmail: undefined }));
          }}
        />
      </section>

      <section className="client-card booking-card" aria-labelledby={`${id}-dates`}>
        <h2 id={`${id}-dates`} className="client-card__title">
          Fecha y horario
        </h2>
        <p className="booking-form__fixed">
          Fecha de la mudanza: <strong className="booking-capitalize">{formatMoveDate(move.fecha_programada)}</strong>
        </p>
        <p className="client-hint">
          Para cambiar la fecha, avísanos con al menos 48 horas de antelación: el cambio es gratuito.
        </p>
        <div className="booking-form__grid">
          <Field
            id={idOf('alternativeDate')}
            label="Fecha alternativa (opcional)"
            error={errors.alternativeDate}
            hint="Por si la fecha elegida no fuera posible."
            classes={BOOKING_FIELD}
          >
            <input
              {...fieldProps(idOf('alternativeDate'), errors.alternativeDate, { hint: true, required: false })}
              type="date"
              min={minAlternativeDate(move)}
              value={form.alternativeDate}
              disabled={saving}
              onChange={(e) => update('alternativeDate', e.target.value)}
            />
          </Field>
        </div>
        <label className="booking-check">
          <input
            type="checkbox"
            checked={form.flexible}
            disabled={saving}
            onChange={(e) => update('flexible', e.target.checked)}
          />
          <span>Mis fechas son flexibles</span>
        </label>
        <RadioGroup<TimeSlot>
          classes={BOOKING_RADIOS}
          legend="Franja horaria preferida"
          name={`${id}-slot`}
          options={TIME_SLOTS}
          value={form.timePreference}
          disabled={saving}
          onChange={(v) => update('timePreference', v)}
        />
      </section>

      <section className="client-card booking-card" aria-labelledby={`${id}-access`}>
        <h2 id={`${id}-access`} className="client-card__title">
          Acceso a las viviendas
        </h2>
        <div className="booking-places">
          <PropertyFacts title="Origen" address={move.origen} property={move.property_details.origin} />
          <PropertyFacts title="Destino" address={move.destino} property={move.property_details.destination} />
        </div>
        <p className="client-hint" data-testid="precio-fijo">
          {PRICED_DETAILS_HINT}
        </p>
      </section>

      <section className="client-card booking-card" aria-labelledby={`${id}-notes`}>
        <h2 id={`${id}-notes`} className="client-card__title">
          Instrucciones especiales
        </h2>
        <Field
          id={idOf('instructions')}
          label="Indicaciones para el equipo (opcional)"
          error={errors.instructions}
          hint={`${instructionsLength} de ${INSTRUCTIONS_MAX} caracteres. Por ejemplo: portero automático, zona de carga, objetos delicados.`}
          classes={BOOKING_FIELD}
        >
          <textarea
            {...fieldProps(idOf('instructions'), errors.instructions, { hint: true, required: false })}
            className="input booking-form__textarea"
            rows={4}
            value={form.instructions}
            disabled={saving}
            onChange={(e) => update('instructions', e.target.value)}
          />
        </Field>
      </section>

      <section className="client-card booking-card" aria-labelledby={`${id}-billing`}>
        <h2 id={`${id}-billing`} className="client-card__title">
          Datos de facturación
        </h2>
        <div className="booking-form__grid">
          <Field
            id={idOf('billingNif')}
            label="NIF/DNI (opcional)"
            error={errors.billingNif}
            hint={NIF_HINT}
            classes={BOOKING_FIELD}
          >
            <input
              {...fieldProps(idOf('billingNif'), errors.billingNif, { hint: true, required: false })}
              className="input"
              autoComplete="off"
              maxLength={20}
              value={form.billingNif}
              disabled={saving}
              onChange={(e) => update('billingNif', e.target.value)}
            />
          </Field>
          <Field
            id={idOf('billingAddress')}
            label="Dirección de facturación (opcional)"
            error={errors.billingAddress}
            hint="Si la dejas vacía, la factura lleva la dirección de tu perfil o la de origen."
            classes={BOOKING_FIELD_WIDE}
          >
            <input
              {...fieldProps(idOf('billingAddress'), errors.billingAddress, { hint: true, required: false })}
              className="input"
              autoComplete="street-address"
              maxLength={TEXT_LIMITS.address}
              value={form.billingAddress}
              disabled={saving}
              onChange={(e) => update('billingAddress', e.target.value)}
            />
          </Field>
        </div>
      </section>

      <div className="booking-actions booking-actions--end">
        <Link to={detailsPath(move.id)} className="button button--ghost">
          Cancelar
        </Link>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Guardando...' : 'Guardar datos'}
        </button>
      </div>
    </form>
  );
}

/** A move that is no longer pending cannot be changed from here. */
function Closed({ move }: { move: BookingMove }) {
  const dashboard = useDashboardPath();
  return (
    <div className="client-notice" role="status">
      <div>
        <p className="client-notice__title">Esta mudanza ya no admite cambios desde la web</p>
        <p className="client-notice__text">
          Su estado es «{statusLabel(move.status)}». Si necesitas cambiar algún dato, contacta con nosotros: el cambio
          de fecha es gratuito avisando con al menos 48 horas de antelación.
        </p>
        <div className="booking-actions">
          <Link to={detailsPath(move.id)} className="button button--primary">
            Ver detalles
          </Link>
          <Link to={dashboard} className="button button--ghost">
            Mis mudanzas
          </Link>
        </div>
      </div>
    </div>
  );
}

/** §2 moving_form (/formulario-mudanza?id=): the client completes the details of a pending move. */
export function MoveFormPage() {
  const { id, load, reload } = useBookingMove();
  useDocumentTitle('Completar datos de la mudanza');
  const move = load.kind === 'ready' ? load.move : undefined;

  return (
    <div className="client-dashboard booking-page">
      <BookingHero eyebrow="Completar datos" title={id === null ? 'Mudanza' : `Mudanza #${id}`} move={move}>
        <p className="client-hero__subtitle">
          Cuéntanos lo que necesita saber el equipo el día de la mudanza. El precio y los objetos no cambian aquí.
        </p>
      </BookingHero>
      <div className="container client-dashboard__body">
        {load.kind !== 'ready' ? (
          <BookingLoadState load={load} onRetry={() => void reload()} />
        ) : load.move.puede_completar ? (
          // Keyed by move: a live reload of the same move must not wipe what the user is typing.
          <MoveForm key={load.move.id} move={load.move} />
        ) : (
          <Closed move={load.move} />
        )}
      </div>
    </div>
  );
}
