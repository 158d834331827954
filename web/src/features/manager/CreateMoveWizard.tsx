import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { RadioGroup, Select, type RadioGroupClasses } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import * as api from '../../lib/api';
import type { MovedObject, MoveServices, StaffMove } from '../../lib/api';
import { errorText } from '../../lib/api';
import { showAlert } from '../../lib/browser';
import { servicesList } from '../../lib/staffMoves';
import { COMMON_OBJECTS } from './catalog';
import { MinusIcon, PlusIcon } from '../../components/icons';
import { normalizeSearch } from '../../lib/text';
import { ServiceToggles } from './MoveEditModal';
import { formatCents, formatDate } from '../../lib/format';
import { IVA_PERCENT, pendingCents } from './pricing';
import {
  buildCreateRequest,
  firstInvalidStep,
  newIdempotencyKey,
  initialWizardForm,
  objectQuantity,
  propertyOf,
  setAccess,
  setElevator,
  setFloor,
  setObjectQuantity,
  setPropertyType,
  STEP_COUNT,
  validateStep,
  WIZARD_STEPS,
  wizardPrice,
  type Side,
  type WizardForm,
} from './wizard';
import { TEXT_LIMITS } from '../../lib/textLimits';
import {
  PAYMENT_STATUS_SHORT_LABELS,
  ACCESS_TYPES,
  FLOORS,
  hasFloors,
  PROPERTY_TYPES,
  TIME_SLOTS,
} from '../../lib/options';
import { CONTACT_PREFERENCES, labelOf, showsElevator } from '../../lib/moveOptions';
import { companyToday } from '../../lib/calendar';

export const CREATE_SUCCESS = 'Mudanza creada exitosamente';
// The advance is the deposit the client is asked for, not money received: a new move has been
// paid nothing, and its status follows the payments that arrive (see the move's view).
const NEW_MOVE_PAYMENT_STATUS = PAYMENT_STATUS_SHORT_LABELS.pending;
const NOTHING_PAID = 0;
export const CREATE_FAILURE = 'Ha ocurrido un error. Inténtalo de nuevo.';

interface CreateMoveWizardProps {
  onClose: () => void;
  /** The move as the server created it. */
  onCreated: (move: StaffMove | null) => void;
  /** The form to start from (a quote request's details) instead of an empty one. */
  initialForm?: WizardForm;
  /** The quote request the move is made from: the server records its conversion with the move. */
  fromQuote?: { id: string; nombre: string; referencia?: string | null };
}

const MGR_RADIOS: RadioGroupClasses = { fieldset: 'mgr-fieldset', options: 'mgr-radios', option: 'mgr-radio' };

/** §2/§4 create wizard: 9 steps, Next validates the step, Previous disabled on step 1, create on step 9 only. */
export function CreateMoveWizard({ onClose, onCreated, initialForm, fromQuote }: CreateMoveWizardProps) {
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<WizardForm>(() => initialForm ?? initialWizardForm());
  // Objects the quote named that the built-in list lacks stay listed, so they can be changed.
  const [quoteObjects] = useState(() =>
    (initialForm?.selectedObjects ?? []).filter((o) => !COMMON_OBJECTS.some((c) => c.id === o.id)),
  );
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // One move per wizard: a retry after an error sends the same key (see CreateMoveRequest).
  const [idempotencyKey] = useState(newIdempotencyKey);
  const bodyRef = useRef<HTMLDivElement>(null);

  const change = (next: WizardForm | ((f: WizardForm) => WizardForm)) => {
    setForm(next);
    setError(null);
  };
  const set = <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => change((f) => ({ ...f, [key]: value }));

  const goTo = (target: number) => {
    setStep(target);
    setError(null);
    // The new step is shown from the top (its name and progress), and keyboard users land in it.
    requestAnimationFrame(() => {
      bodyRef.current?.closest('.modal')?.scrollTo?.({ top: 0 });
      bodyRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
    });
  };

  const next = () => {
    const problem = validateStep(step, form);
    if (problem) {
      setError(problem);
      return;
    }
    // The contact email starts as the client's.
    if (step === 6 && form.contactEmail === '') setForm((f) => ({ ...f, contactEmail: f.clientEmail.trim() }));
    goTo(Math.min(STEP_COUNT, step + 1));
  };

  const create = async () => {
    const invalid = firstInvalidStep(form);
    if (invalid) {
      setStep(invalid.step);
      setError(invalid.error);
      return;
    }
    setCreating(true);
    setError(null);
    try {
      const request = { ...buildCreateRequest(form), clave_idempotencia: idempotencyKey };
      const response = fromQuote
        ? await api.createMoveFromQuote({ ...request, presupuesto_id: fromQuote.id })
        : await api.createMove(request);
      const body = response.body;
      if (response.ok && body?.success) {
        onCreated(body.mudanza ?? null);
        onClose();
        showAlert(CREATE_SUCCESS);
        return;
      }
      const message = errorText(body, CREATE_FAILURE);
      setCreating(false);
      setError(message);
      showAlert(message);
    } catch {
      setCreating(false);
      setError(CREATE_FAILURE);
      showAlert(CREATE_FAILURE);
    }
  };

  return (
    <Modal title="Nueva mudanza" onClose={onClose} className="mgr-modal mgr-modal--wizard">
      <div className="mgr-wizard">
        {fromQuote && (
          <p className="mgr-wizard__from-quote">
            Rellenado con la solicitud de presupuesto
            {fromQuote.referencia ? ` ${fromQuote.referencia}` : ''} de {fromQuote.nombre}. Revisa cada paso antes de
            crear la mudanza.
          </p>
        )}
        <div className="mgr-wizard__progress">
          <p className="mgr-wizard__step-name" aria-live="polite">
            Paso {step} de {STEP_COUNT}: {WIZARD_STEPS[step - 1]}
          </p>
          <div
            className="mgr-wizard__bar"
            role="progressbar"
            aria-label="Progreso"
            aria-valuemin={1}
            aria-valuemax={STEP_COUNT}
            aria-valuenow={step}
          >
            <span style={{ width: `${(step / STEP_COUNT) * 100}%` }} />
          </div>
          <ol className="mgr-wizard__steps" aria-hidden="true">
            {WIZARD_STEPS.map((name, i) => (
              <li key={name} className={i + 1 === step ? 'is-current' : i + 1 < step ? 'is-done' : undefined}>
                <span className="mgr-wizard__dot">{i + 1}</span>
                <span className="mgr-wizard__label">{name}</span>
              </li>
            ))}
          </ol>
        </div>

        <div ref={bodyRef} className="mgr-wizard__body">
          <fieldset className="mgr-wizard__fieldset" disabled={creating}>
            <legend className="sr-only">{WIZARD_STEPS[step - 1]}</legend>
            {step === 1 && <StepClient form={form} set={set} />}
            {step === 2 && <StepAddresses form={form} set={set} />}
            {step === 3 && <StepProperties form={form} change={change} />}
            {step === 4 && <StepObjects form={form} change={change} extra={quoteObjects} />}
            {step === 5 && <StepServices form={form} change={change} set={set} />}
            {step === 6 && <StepDates form={form} set={set} />}
            {step === 7 && <StepContact form={form} set={set} />}
            {step === 8 && <StepPrice form={form} set={set} />}
            {step === 9 && <StepSummary form={form} />}
          </fieldset>
        </div>

        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}

        <div className="mgr-wizard__nav">
          <button
            type="button"
            className="button button--ghost"
            disabled={step === 1 || creating}
            onClick={() => goTo(step - 1)}
          >
            Anterior
          </button>
          {step < STEP_COUNT ? (
            <button type="button" className="button button--primary" onClick={next}>
              Siguiente
            </button>
          ) : (
            <button type="button" className="button button--primary" onClick={create} disabled={creating}>
              {creating ? 'Creando...' : 'Crear mudanza'}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}

type Setter = <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => void;
type Changer = (next: WizardForm | ((f: WizardForm) => WizardForm)) => void;

function TextInput({
  label,
  value,
  onChange,
  type = 'text',
  hint,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  hint?: string;
  autoComplete?: string;
  placeholder?: string;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  inputMode?: 'decimal' | 'email' | 'tel' | 'text';
  maxLength?: number;
}) {
  return (
    <label className="form__field">
      <span className="form__label">{label}</span>
      <input className="input" type={type} value={value} onChange={(e) => onChange(e.target.value)} {...rest} />
      {hint && <span className="mgr-hint">{hint}</span>}
    </label>
  );
}

function StepClient({ form, set }: { form: WizardForm; set: Setter }) {
  return (
    <div className="mgr-step">
      <p className="mgr-step__intro">¿Para qué cliente es la mudanza?</p>
      <TextInput
        label="Email del cliente"
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="cliente@ejemplo.es"
        maxLength={TEXT_LIMITS.email}
        value={form.clientEmail}
        onChange={(v) => set('clientEmail', v)}
      />
    </div>
  );
}

function StepAddresses({ form, set }: { form: WizardForm; set: Setter }) {
  return (
    <div className="mgr-step">
      <TextInput
        label="Dirección de origen"
        placeholder="Calle, número, código postal y ciudad"
        maxLength={TEXT_LIMITS.address}
        value={form.originAddress}
        onChange={(v) => set('originAddress', v)}
      />
      <TextInput
        label="Dirección de destino"
        placeholder="Calle, número, código postal y ciudad"
        maxLength={TEXT_LIMITS.address}
        value={form.destinationAddress}
        onChange={(v) => set('destinationAddress', v)}
      />
    </div>
  );
}

function Check({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="mgr-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

function PropertyFieldset({ form, change, side }: { form: WizardForm; change: Changer; side: Side }) {
  const p = propertyOf(form, side);
  const title = side === 'origin' ? 'Origen' : 'Destino';
  const id = useId();
  // The side is read out after each label ("Acceso (origen)"): the two fieldsets ask the same.
  const sideLabel = (label: string) => (
    <>
      {label}
      <span className="sr-only"> ({title.toLowerCase()})</span>
    </>
  );
  return (
    <fieldset className="mgr-fieldset">
      <legend>{title}</legend>
      <div className="mgr-grid">
        <Select
          id={`${id}-tipo`}
          label={sideLabel('Tipo de vivienda')}
          options={PROPERTY_TYPES}
          value={p.type}
          onChange={(v) => change((f) => setPropertyType(f, side, v))}
        />
        <Select
          id={`${id}-acceso`}
          label={sideLabel('Acceso')}
          options={ACCESS_TYPES}
          value={p.access}
          onChange={(v) => change((f) => setAccess(f, side, v))}
        />
        {hasFloors(p.type) && (
          <Select
            id={`${id}-planta`}
            label={sideLabel('Planta')}
            options={FLOORS}
            value={p.floor}
            onChange={(v) => change((f) => setFloor(f, side, v))}
          />
        )}
        {showsElevator(p.type, p.floor) && (
          <label className="mgr-check mgr-check--field">
            <input
              type="checkbox"
              checked={p.elevator}
              onChange={(e) => change((f) => setElevator(f, side, e.target.checked))}
            />
            Hay ascensor<span className="sr-only"> ({title.toLowerCase()})</span>
          </label>
        )}
      </div>
    </fieldset>
  );
}

function StepProperties({ form, change }: { form: WizardForm; change: Changer }) {
  return (
    <div className="mgr-step">
      <PropertyFieldset form={form} change={change} side="origin" />
      <PropertyFieldset form={form} change={change} side="destination" />
    </div>
  );
}

function StepObjects({ form, change, extra }: { form: WizardForm; change: Changer; extra: readonly MovedObject[] }) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const all = [...extra.map((o) => ({ ...o, categoria: 'De la solicitud' })), ...COMMON_OBJECTS];
    const q = normalizeSearch(query);
    return q === '' ? all : all.filter((o) => normalizeSearch(`${o.nombre} ${o.categoria}`).includes(q));
  }, [query, extra]);
  const units = form.selectedObjects.reduce((sum, o) => sum + o.quantity, 0);
  const kg = form.selectedObjects.reduce((sum, o) => sum + o.quantity * o.peso, 0);

  return (
    <div className="mgr-step">
      <div className="mgr-objects__head">
        <label className="form__field mgr-objects__search">
          <span className="form__label">Buscar objeto</span>
          <input className="input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <p className="mgr-objects__total" aria-live="polite">
          {units === 0 ? 'Ningún objeto seleccionado' : `${units} ${units === 1 ? 'objeto' : 'objetos'} · ${kg} kg`}
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="mgr-empty">No se encontraron objetos que coincidan</p>
      ) : (
        <ul className="mgr-objects">
          {shown.map((o) => {
            const q = objectQuantity(form, o.id);
            return (
              <li key={o.id} className={`mgr-object${q > 0 ? ' is-selected' : ''}`}>
                <span className="mgr-object__text">
                  <span className="mgr-object__name">{o.nombre}</span>
                  <span className="mgr-object__meta">
                    {o.categoria} · {o.peso} kg
                  </span>
                </span>
                <span className="mgr-stepper">
                  <button
                    type="button"
                    className="mgr-stepper__button"
                    aria-label={`Quitar ${o.nombre}`}
                    disabled={q === 0}
                    onClick={() => change((f) => setObjectQuantity(f, o, q - 1))}
                  >
                    <MinusIcon width={16} height={16} />
                  </button>
                  <input
                    className="mgr-stepper__value"
                    type="number"
                    min={0}
                    max={99}
                    aria-label={`Cantidad de ${o.nombre}`}
                    value={q}
                    onChange={(e) => change((f) => setObjectQuantity(f, o, Math.min(99, Number(e.target.value))))}
                  />
                  <button
                    type="button"
                    className="mgr-stepper__button"
                    aria-label={`Añadir ${o.nombre}`}
                    disabled={q >= 99}
                    onClick={() => change((f) => setObjectQuantity(f, o, q + 1))}
                  >
                    <PlusIcon width={16} height={16} />
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function wizardServices(form: WizardForm): MoveServices {
  return {
    dismount: form.dismount,
    dismount_quantity: form.dismountQuantity,
    packaging: form.packaging,
    packaging_quantity: form.packagingQuantity,
    cleaning: form.cleaning,
    fragile: form.fragile,
    long_stairs: form.longStairs,
  };
}

function StepServices({ form, change, set }: { form: WizardForm; change: Changer; set: Setter }) {
  return (
    <div className="mgr-step">
      <ServiceToggles
        services={wizardServices(form)}
        onChange={(patch) =>
          change((f) => ({
            ...f,
            ...(patch.dismount !== undefined && { dismount: patch.dismount }),
            ...(patch.dismount_quantity !== undefined && { dismountQuantity: Math.max(1, patch.dismount_quantity) }),
            ...(patch.packaging !== undefined && { packaging: patch.packaging }),
            ...(patch.packaging_quantity !== undefined && { packagingQuantity: Math.max(1, patch.packaging_quantity) }),
            ...(patch.cleaning !== undefined && { cleaning: patch.cleaning }),
            ...(patch.fragile !== undefined && { fragile: patch.fragile }),
            ...(patch.long_stairs !== undefined && { longStairs: patch.long_stairs }),
          }))
        }
      />
      <label className="form__field">
        <span className="form__label">Instrucciones especiales</span>
        <textarea
          className="input mgr-textarea"
          rows={3}
          maxLength={TEXT_LIMITS.instructions}
          value={form.instructions}
          onChange={(e) => set('instructions', e.target.value)}
          placeholder="Portero, horarios de carga y descarga, objetos delicados..."
        />
      </label>
    </div>
  );
}

function StepDates({ form, set }: { form: WizardForm; set: Setter }) {
  const today = companyToday();
  return (
    <div className="mgr-step">
      <div className="mgr-grid">
        <TextInput
          label="Fecha preferida"
          type="date"
          min={today}
          value={form.preferredDate}
          onChange={(v) => set('preferredDate', v)}
        />
        <TextInput
          label="Fecha alternativa (opcional)"
          type="date"
          min={form.preferredDate || today}
          value={form.alternativeDate}
          onChange={(v) => set('alternativeDate', v)}
        />
      </div>
      <Check checked={form.flexibleDates} onChange={(v) => set('flexibleDates', v)}>
        Fechas flexibles
      </Check>
      <RadioGroup
        classes={MGR_RADIOS}
        legend="Horario preferido"
        name="mgr-time"
        options={TIME_SLOTS}
        value={form.timePreference}
        onChange={(v) => set('timePreference', v)}
      />
      <Check checked={form.urgency === 'urgente'} onChange={(v) => set('urgency', v ? 'urgente' : 'normal')}>
        Mudanza urgente
      </Check>
    </div>
  );
}

function StepContact({ form, set }: { form: WizardForm; set: Setter }) {
  return (
    <div className="mgr-step">
      <div className="mgr-grid">
        <TextInput
          label="Nombre de contacto"
          autoComplete="off"
          maxLength={TEXT_LIMITS.name}
          value={form.contactName}
          onChange={(v) => set('contactName', v)}
        />
        <TextInput
          label="Teléfono de contacto"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="612 345 678"
          maxLength={TEXT_LIMITS.phone}
          value={form.contactPhone}
          onChange={(v) => set('contactPhone', v)}
        />
        <TextInput
          label="Email de contacto"
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={TEXT_LIMITS.email}
          value={form.contactEmail}
          onChange={(v) => set('contactEmail', v)}
        />
      </div>
      <RadioGroup
        classes={MGR_RADIOS}
        legend="Preferencia de contacto"
        name="mgr-contact"
        options={CONTACT_PREFERENCES}
        value={form.contactPreference}
        onChange={(v) => set('contactPreference', v)}
      />
    </div>
  );
}

function MoneyInput({
  label,
  value,
  onChange,
  max,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  max?: number;
}) {
  return (
    <TextInput
      label={label}
      type="number"
      inputMode="decimal"
      min={0}
      max={max}
      step={0.01}
      placeholder="0,00"
      value={value}
      onChange={onChange}
    />
  );
}

interface TotalRow {
  term: string;
  value: string;
  /** The grand total, shown larger. */
  total?: boolean;
  testId?: string;
}

function Totals({ rows, label, compact }: { rows: TotalRow[]; label?: string; compact?: boolean }) {
  return (
    <dl className={compact ? 'mgr-totals mgr-totals--compact' : 'mgr-totals'} aria-label={label}>
      {rows.map((row) => (
        <div key={row.term} className={row.total ? 'mgr-totals__total' : undefined}>
          <dt>{row.term}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StepPrice({ form, set }: { form: WizardForm; set: Setter }) {
  const price = wizardPrice(form);
  return (
    <div className="mgr-step">
      <div className="mgr-grid">
        <MoneyInput label="Precio base (€)" value={form.basePrice} onChange={(v) => set('basePrice', v)} />
        <MoneyInput
          label="Coste por distancia (€)"
          value={form.distanceCost}
          onChange={(v) => set('distanceCost', v)}
        />
        <MoneyInput label="Coste de servicios (€)" value={form.servicesCost} onChange={(v) => set('servicesCost', v)} />
        <MoneyInput label="Coste por urgencia (€)" value={form.urgencyCost} onChange={(v) => set('urgencyCost', v)} />
      </div>
      <Check checked={form.ivaEnabled} onChange={(v) => set('ivaEnabled', v)}>
        Añadir IVA ({IVA_PERCENT} %)
      </Check>
      <Totals
        label="Cálculo del precio"
        rows={[
          { term: 'Subtotal', value: formatCents(price.subtotalCents) },
          { term: `IVA (${IVA_PERCENT} %)`, value: form.ivaEnabled ? formatCents(price.taxCents) : 'Sin IVA' },
          { term: 'Total', value: formatCents(price.totalCents), total: true, testId: 'precio-total' },
        ]}
      />
      <div className="mgr-grid">
        <MoneyInput
          label="Anticipo solicitado (€)"
          value={form.advancePayment}
          max={price.totalCents / 100}
          onChange={(v) => set('advancePayment', v)}
        />
        <Totals
          compact
          rows={[
            { term: 'Pendiente de pago', value: formatCents(pendingCents(price.totalCents, NOTHING_PAID)) },
            { term: 'Estado del pago', value: NEW_MOVE_PAYMENT_STATUS },
          ]}
        />
      </div>
      <p className="mgr-hint">
        Precio orientativo con IVA incluido cuando está activado. El anticipo solicitado es lo que se pide al cliente
        para reservar; el estado del pago cambia con cada cobro.
      </p>
    </div>
  );
}

function SummaryBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mgr-summary__block" aria-label={title}>
      <h3 className="mgr-view__title">{title}</h3>
      {children}
    </section>
  );
}

function propertyText(form: WizardForm, side: Side): string {
  const p = propertyOf(form, side);
  const parts = [labelOf(PROPERTY_TYPES, p.type), `acceso ${labelOf(ACCESS_TYPES, p.access).toLowerCase()}`];
  if (hasFloors(p.type)) {
    parts.push(`planta ${labelOf(FLOORS, p.floor).toLowerCase()}`);
    if (p.floor !== 'ground') parts.push(p.elevator ? 'con ascensor' : 'sin ascensor');
  }
  return parts.join(' · ');
}

function StepSummary({ form }: { form: WizardForm }) {
  const price = wizardPrice(form);
  const request = buildCreateRequest(form);
  const services = servicesList(request.services);
  return (
    <div className="mgr-summary">
      <SummaryBlock title="Cliente">
        <p>{form.clientEmail}</p>
      </SummaryBlock>
      <SummaryBlock title="Direcciones">
        <p>
          <strong>Origen:</strong> {form.originAddress}
          <br />
          <span className="mgr-move__muted">{propertyText(form, 'origin')}</span>
        </p>
        <p>
          <strong>Destino:</strong> {form.destinationAddress}
          <br />
          <span className="mgr-move__muted">{propertyText(form, 'destination')}</span>
        </p>
      </SummaryBlock>
      <SummaryBlock title="Objetos">
        <ul className="mgr-list">
          {request.objects.map((o) => (
            <li key={o.id}>
              <span>{o.nombre}</span>
              <span className="mgr-move__muted">×{o.quantity}</span>
            </li>
          ))}
        </ul>
      </SummaryBlock>
      <SummaryBlock title="Servicios">
        <p>{services.length === 0 ? 'Sin servicios adicionales' : services.join(', ')}</p>
        {form.instructions.trim() && <p className="mgr-move__muted">{form.instructions.trim()}</p>}
      </SummaryBlock>
      <SummaryBlock title="Fechas">
        <p>
          {formatDate(form.preferredDate)}
          {form.alternativeDate && ` (alternativa ${formatDate(form.alternativeDate)})`}
          {form.flexibleDates && ' · flexibles'} · {labelOf(TIME_SLOTS, form.timePreference)}
          {form.urgency === 'urgente' && ' · Urgente'}
        </p>
      </SummaryBlock>
      <SummaryBlock title="Contacto">
        <p>
          {form.contactName} · {form.contactPhone}
          {request.contacto_email && ` · ${request.contacto_email}`} ·{' '}
          {labelOf(CONTACT_PREFERENCES, form.contactPreference)}
        </p>
      </SummaryBlock>
      <SummaryBlock title="Precio">
        <Totals
          compact
          rows={[
            { term: 'Subtotal', value: formatCents(price.subtotalCents) },
            { term: 'IVA', value: form.ivaEnabled ? formatCents(price.taxCents) : 'Sin IVA' },
            { term: 'Total', value: formatCents(price.totalCents), total: true },
            { term: 'Anticipo solicitado', value: formatCents(price.advanceCents) },
            { term: 'Pendiente de pago', value: formatCents(pendingCents(price.totalCents, NOTHING_PAID)) },
            { term: 'Estado del pago', value: NEW_MOVE_PAYMENT_STATUS },
          ]}
        />
      </SummaryBlock>
    </div>
  );
}
