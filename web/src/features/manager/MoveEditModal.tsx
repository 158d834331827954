import { useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import * as api from '../../lib/api';
import type { MoveServices, MoveStatus, StaffMove } from '../../lib/api';
import { errorText } from '../../lib/api';
import { showAlert } from '../../lib/browser';
import { COMMON_OBJECTS } from './catalog';
import {
  buildUpdateRequest,
  editFormFrom,
  editPrice,
  updateFailure,
  UPDATE_SUCCESS,
  validateEdit,
  type EditErrors,
  type EditField,
  type EditForm,
} from './editMove';
import { MANAGER_STATUSES } from './managerMoves';
import { formatCents } from '../../lib/format';
import { IVA_PERCENT } from './pricing';
import { TEXT_LIMITS } from '../../lib/textLimits';
import { MOVE_STATUS_LABELS, URGENCIES } from '../../lib/options';
import { Select } from '../../components/FormField';
import { clampQuantity, MAX_QUANTITY, MIN_QUANTITY } from '../../lib/moveOptions';

const STATUS_OPTIONS = MANAGER_STATUSES.map((s) => ({ value: s, label: MOVE_STATUS_LABELS[s] }));

export const CONFLICT_MESSAGE =
  'La mudanza ha sido modificada por otra persona mientras la editabas. Recarga e inténtalo de nuevo.';
const RELOAD_ERROR = 'No se pudo recargar la mudanza. Inténtalo de nuevo.';

type PriceKey = 'basePrice' | 'distanceCost' | 'servicesCost' | 'urgencyCost' | 'ivaEnabled' | 'advancePayment';

interface MoveEditModalProps {
  /** The move as the list holds it now; it may be newer than the one the form was filled from. */
  move: StaffMove;
  onClose: () => void;
  /** The move as the server answered after saving or reloading. */
  onSaved: (move: StaffMove) => void;
  /** §4: the status picked here shows in the list at once; null drops it. */
  onStatusDraft: (estado: MoveStatus | null) => void;
}

const FIELD_ORDER: EditField[] = [
  'cliente_nombre',
  'origen',
  'destino',
  'fecha_programada',
  'precio',
  'pago_adelantado',
];

const PRICE_LINES = [
  ['distanceCost', 'Coste por distancia (€)'],
  ['servicesCost', 'Coste de servicios (€)'],
  ['urgencyCost', 'Coste por urgencia (€)'],
] as const;

/** §2 edit modal with the §5 required fields; saved with the version it was filled from (409 on a stale one). */
export function MoveEditModal({ move, onClose, onSaved, onStatusDraft }: MoveEditModalProps) {
  const [base, setBase] = useState<StaffMove>(move);
  const [form, setForm] = useState<EditForm>(() => editFormFrom(move));
  const [errors, setErrors] = useState<EditErrors>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [toAdd, setToAdd] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  const changedElsewhere = move.version > base.version;

  const update = <K extends keyof EditForm>(key: K, value: EditForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  // Any price line or the advance may fix either price message.
  const updatePrice = <K extends PriceKey>(key: K, value: EditForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, precio: undefined, pago_adelantado: undefined }));
  };
  const price = editPrice(form);

  const updateServices = (patch: Partial<MoveServices>) =>
    setForm((f) => ({ ...f, services: { ...f.services, ...patch } }));

  const setStatus = (estado: MoveStatus) => {
    update('estado', estado);
    onStatusDraft(estado === base.estado ? null : estado);
  };

  const close = () => {
    onStatusDraft(null);
    onClose();
  };

  const reload = async () => {
    setReloading(true);
    try {
      const response = await api.fetchMove(base.id);
      const fresh = response.body?.mudanza;
      if (!response.ok || !fresh) throw new Error(`mudanza respondió ${response.status}`);
      onSaved(fresh);
      setBase(fresh);
      setForm(editFormFrom(fresh));
      setErrors({});
      setConflict(null);
      onStatusDraft(null);
    } catch (error) {
      console.error('No se pudo recargar la mudanza', error);
      showAlert(RELOAD_ERROR);
    } finally {
      setReloading(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateEdit(form);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    setConflict(null);
    try {
      const response = await api.updateMove(buildUpdateRequest(base, form));
      const body = response.body;
      if (response.ok && body?.success) {
        if (body.mudanza) onSaved(body.mudanza);
        onStatusDraft(null);
        setSaving(false);
        onClose();
        showAlert(UPDATE_SUCCESS);
        return;
      }
      setSaving(false);
      if (response.status === 409) {
        // Someone else changed the move: nothing was overwritten; offer to reload it.
        setConflict(errorText(body, CONFLICT_MESSAGE));
        return;
      }
      showAlert(updateFailure(errorText(body, `el servidor respondió ${response.status}`)));
    } catch (error) {
      setSaving(false);
      showAlert(updateFailure(error instanceof Error ? error.message : 'Error desconocido'));
    }
  };

  const fieldProps = (name: EditField) => ({
    name,
    id: `mgr-edit-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `mgr-edit-${name}-error` : undefined,
  });
  const fieldError = (name: EditField) =>
    errors[name] ? (
      <span id={`mgr-edit-${name}-error`} className="mgr-field-error">
        {errors[name]}
      </span>
    ) : null;

  const addable = COMMON_OBJECTS.filter((o) => !form.objects.some((s) => s.id === o.id));

  return (
    <Modal title="Editar mudanza" intro={`Mudanza #${base.id}`} onClose={close} className="mgr-modal mgr-modal--wide">
      <form ref={formRef} className="form mgr-edit" onSubmit={submit} noValidate>
        {conflict && (
          <div className="mgr-conflict" role="alert">
            <p>{conflict}</p>
            <button type="button" className="button button--outline" onClick={reload} disabled={reloading}>
              {reloading ? 'Recargando...' : 'Recargar mudanza'}
            </button>
          </div>
        )}
        {!conflict && changedElsewhere && (
          <div className="mgr-notice" role="status">
            <p>Otra persona ha modificado esta mudanza mientras la editabas.</p>
            <button type="button" className="button button--ghost" onClick={reload} disabled={reloading}>
              {reloading ? 'Recargando...' : 'Recargar mudanza'}
            </button>
          </div>
        )}

        <fieldset className="mgr-fieldset" disabled={saving}>
          <legend>Cliente</legend>
          <div className="mgr-grid">
            <div className="form__field mgr-grid__full">
              <label className="form__label" htmlFor="mgr-edit-cliente_nombre">
                Nombre del cliente
              </label>
              <input
                className="input"
                maxLength={TEXT_LIMITS.name}
                value={form.cliente_nombre}
                onChange={(e) => update('cliente_nombre', e.target.value)}
                {...fieldProps('cliente_nombre')}
              />
              {fieldError('cliente_nombre')}
            </div>
            <label className="form__field">
              <span className="form__label">Teléfono</span>
              <input
                className="input"
                type="tel"
                maxLength={TEXT_LIMITS.phone}
                value={form.cliente_telefono}
                onChange={(e) => update('cliente_telefono', e.target.value)}
              />
            </label>
            <label className="form__field">
              <span className="form__label">Email</span>
              <input
                className="input"
                type="email"
                maxLength={TEXT_LIMITS.email}
                value={form.cliente_email}
                onChange={(e) => update('cliente_email', e.target.value)}
              />
            </label>
          </div>
        </fieldset>

        <fieldset className="mgr-fieldset" disabled={saving}>
          <legend>Mudanza</legend>
          <div className="mgr-grid">
            <div className="form__field mgr-grid__full">
              <label className="form__label" htmlFor="mgr-edit-origen">
                Dirección de origen
              </label>
              <input
                className="input"
                maxLength={TEXT_LIMITS.address}
                value={form.origen}
                onChange={(e) => update('origen', e.target.value)}
                {...fieldProps('origen')}
              />
              {fieldError('origen')}
            </div>
            <div className="form__field mgr-grid__full">
              <label className="form__label" htmlFor="mgr-edit-destino">
                Dirección de destino
              </label>
              <input
                className="input"
                maxLength={TEXT_LIMITS.address}
                value={form.destino}
                onChange={(e) => update('destino', e.target.value)}
                {...fieldProps('destino')}
              />
              {fieldError('destino')}
            </div>
            <div className="form__field">
              <label className="form__label" htmlFor="mgr-edit-fecha_programada">
                Fecha
              </label>
              <input
                className="input"
                type="date"
                value={form.fecha_programada}
                onChange={(e) => update('fecha_programada', e.target.value)}
                {...fieldProps('fecha_programada')}
              />
              {fieldError('fecha_programada')}
            </div>
            <Select
              id="mgr-edit-estado"
              label="Estado"
              options={STATUS_OPTIONS}
              value={form.estado}
              onChange={(value) => setStatus(value)}
            />
            <Select
              id="mgr-edit-urgencia"
              label="Urgencia"
              options={URGENCIES}
              value={form.urgencia}
              onChange={(value) => update('urgencia', value)}
            />
          </div>
        </fieldset>

        <fieldset className="mgr-fieldset" disabled={saving}>
          <legend>Precio</legend>
          {/* The lines, not a bare total: the VAT choice and the breakdown are what the invoice shows. */}
          <div className="mgr-grid">
            <div className="form__field">
              <label className="form__label" htmlFor="mgr-edit-precio">
                Precio base (€)
              </label>
              <input
                className="input"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={form.basePrice}
                onChange={(e) => updatePrice('basePrice', e.target.value)}
                {...fieldProps('precio')}
              />
              {fieldError('precio')}
            </div>
            {PRICE_LINES.map(([key, label]) => (
              <label key={key} className="form__field">
                <span className="form__label">{label}</span>
                <input
                  className="input"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={form[key]}
                  onChange={(e) => updatePrice(key, e.target.value)}
                />
              </label>
            ))}
          </div>
          <label className="mgr-check">
            <input
              type="checkbox"
              checked={form.ivaEnabled}
              onChange={(e) => updatePrice('ivaEnabled', e.target.checked)}
            />
            Añadir IVA ({IVA_PERCENT} %)
          </label>
          <dl className="mgr-totals" aria-label="Cálculo del precio">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatCents(price.subtotalCents)}</dd>
            </div>
            <div>
              <dt>IVA ({IVA_PERCENT} %)</dt>
              <dd>{form.ivaEnabled ? formatCents(price.taxCents) : 'Sin IVA'}</dd>
            </div>
            <div className="mgr-totals__total">
              <dt>Total</dt>
              <dd data-testid="mgr-edit-total">{formatCents(price.totalCents)}</dd>
            </div>
          </dl>
          <div className="mgr-grid">
            <div className="form__field">
              <label className="form__label" htmlFor="mgr-edit-pago_adelantado">
                Anticipo solicitado (€)
              </label>
              <input
                className="input"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={form.advancePayment}
                onChange={(e) => updatePrice('advancePayment', e.target.value)}
                {...fieldProps('pago_adelantado')}
              />
              {fieldError('pago_adelantado')}
            </div>
          </div>
        </fieldset>

        <fieldset className="mgr-fieldset" disabled={saving}>
          <legend>Objetos</legend>
          {form.objects.length === 0 ? (
            <p className="mgr-move__muted">Sin objetos</p>
          ) : (
            <ul className="mgr-edit-objects">
              {form.objects.map((o, index) => (
                <li key={o.id}>
                  <span className="mgr-edit-objects__name">{o.nombre}</span>
                  <input
                    className="input mgr-qty"
                    type="number"
                    min={1}
                    max={999}
                    aria-label={`Cantidad de ${o.nombre}`}
                    value={o.quantity}
                    onChange={(e) => {
                      const quantity = Math.max(1, Math.round(Number(e.target.value) || 1));
                      setForm((f) => ({
                        ...f,
                        objects: f.objects.map((x, i) => (i === index ? { ...x, quantity } : x)),
                      }));
                    }}
                  />
                  <button
                    type="button"
                    className="button button--ghost mgr-edit-objects__remove"
                    aria-label={`Quitar ${o.nombre}`}
                    onClick={() => setForm((f) => ({ ...f, objects: f.objects.filter((_, i) => i !== index) }))}
                  >
                    Quitar
                  </button>
                </li>
              ))}
            </ul>
          )}
          {addable.length > 0 && (
            <div className="mgr-edit-add">
              <select
                className="input"
                aria-label="Objeto para añadir"
                value={toAdd}
                onChange={(e) => setToAdd(e.target.value)}
              >
                <option value="">Añadir un objeto...</option>
                {addable.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.nombre}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button button--ghost"
                disabled={toAdd === ''}
                onClick={() => {
                  const item = COMMON_OBJECTS.find((o) => o.id === toAdd);
                  if (!item) return;
                  setForm((f) => ({
                    ...f,
                    objects: [...f.objects, { id: item.id, nombre: item.nombre, peso: item.peso, quantity: 1 }],
                  }));
                  setToAdd('');
                }}
              >
                Añadir
              </button>
            </div>
          )}
        </fieldset>

        <fieldset className="mgr-fieldset" disabled={saving}>
          <legend>Servicios</legend>
          <ServiceToggles services={form.services} onChange={updateServices} />
        </fieldset>

        <div className="mgr-modal__actions">
          <button type="button" className="button button--ghost" onClick={close} disabled={saving}>
            Cancelar
          </button>
          <button type="submit" className="button button--primary" disabled={saving || reloading}>
            {saving ? 'Guardando...' : 'Guardar cambios'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Checkboxes of the optional services, with 1-10 quantities for dismount and packaging (§5). */
export function ServiceToggles({
  services,
  onChange,
}: {
  services: MoveServices;
  onChange: (patch: Partial<MoveServices>) => void;
}) {
  const quantity = (key: 'dismount_quantity' | 'packaging_quantity', label: string) => (
    <input
      className="input mgr-qty"
      type="number"
      min={MIN_QUANTITY}
      max={MAX_QUANTITY}
      aria-label={label}
      value={Math.max(MIN_QUANTITY, services[key])}
      onChange={(e) => onChange({ [key]: clampQuantity(Number(e.target.value)) })}
    />
  );
  return (
    <div className="mgr-services">
      <div className="mgr-check-row">
        <label className="mgr-check">
          <input
            type="checkbox"
            checked={services.dismount}
            onChange={(e) =>
              onChange({
                dismount: e.target.checked,
                dismount_quantity: e.target.checked ? Math.max(1, services.dismount_quantity) : 0,
              })
            }
          />
          Desmontaje de muebles
        </label>
        {services.dismount && quantity('dismount_quantity', 'Muebles a desmontar')}
      </div>
      <div className="mgr-check-row">
        <label className="mgr-check">
          <input
            type="checkbox"
            checked={services.packaging}
            onChange={(e) =>
              onChange({
                packaging: e.target.checked,
                packaging_quantity: e.target.checked ? Math.max(1, services.packaging_quantity) : 0,
              })
            }
          />
          Embalaje
        </label>
        {services.packaging && quantity('packaging_quantity', 'Bultos a embalar')}
      </div>
      <label className="mgr-check">
        <input type="checkbox" checked={services.cleaning} onChange={(e) => onChange({ cleaning: e.target.checked })} />
        Limpieza
      </label>
      <label className="mgr-check">
        <input type="checkbox" checked={services.fragile} onChange={(e) => onChange({ fragile: e.target.checked })} />
        Objetos frágiles
      </label>
      <label className="mgr-check">
        <input
          type="checkbox"
          checked={services.long_stairs}
          onChange={(e) => onChange({ long_stairs: e.target.checked })}
        />
        Escaleras largas (4 o más pisos)
      </label>
    </div>
  );
}
