import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { MilestoneSteps } from '../../components/MilestoneSteps';
import { Modal } from '../../components/Modal';
import { openInvoice } from '../../lib/invoiceStore';
import { openWaybill } from '../../lib/waybill';
import * as api from '../../lib/api';
import type { StaffMove, StaffWorker } from '../../lib/api';
import { errorText } from '../../lib/api';
import { servicesList } from '../../lib/staffMoves';
import { formatCents, formatEuros, formatNumber, formatDate, formatDateTime } from '../../lib/format';
import { PaymentsSection } from './PaymentsSection';
import { StatusBadge, UrgentBadge } from '../../components/Badge';
import { urgencyLabel } from '../../lib/documentText';
import {
  PAYMENT_STATUS_SHORT_LABELS,
  ACCESS_TYPES,
  FLOORS,
  hasFloors,
  PROPERTY_TYPES,
  TIME_SLOTS,
} from '../../lib/options';
import { CONTACT_PREFERENCES, labelOf } from '../../lib/moveOptions';

export const ASSIGN_FALLBACK_ERROR = 'No se pudo asignar el trabajador. Inténtalo de nuevo.';

interface MoveViewModalProps {
  move: StaffMove;
  onClose: () => void;
  onEdit: () => void;
  /** The move as the server answered after an assignment, a refund or a new payment key. */
  onAssigned: (move: StaffMove) => void;
}

/** One fact of the move, read-only: a term and its value in the modal's description list. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mgr-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PropertyFields({ title, p }: { title: string; p: api.PropertyDetails }) {
  return (
    <Detail label={title}>
      {labelOf(PROPERTY_TYPES, p.property_type)} · Acceso {labelOf(ACCESS_TYPES, p.access).toLowerCase()}
      {hasFloors(p.property_type) && (
        <>
          {' '}
          · Planta {labelOf(FLOORS, p.floor).toLowerCase()}
          {p.floor !== 'ground' && (p.elevator ? ' · Con ascensor' : ' · Sin ascensor')}
        </>
      )}
    </Detail>
  );
}

function Photo({ photo }: { photo: api.MovePhoto }) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className="mgr-photo">
      {failed ? (
        <span className="mgr-photo__error">Error al cargar imagen</span>
      ) : (
        <a href={photo.url} target="_blank" rel="noreferrer">
          <img
            src={photo.url}
            alt={photo.descripcion || 'Foto de la mudanza'}
            loading="lazy"
            onError={() => setFailed(true)}
          />
        </a>
      )}
      <figcaption>
        {photo.descripcion && <span>{photo.descripcion}</span>}
        <span className="mgr-move__muted">{formatDateTime(photo.fecha_subida)}</span>
      </figcaption>
    </figure>
  );
}

/** §2 view modal: every field of the staff view, the photos, and the worker assignment. */
export function MoveViewModal({ move, onClose, onEdit, onAssigned }: MoveViewModalProps) {
  const navigate = useNavigate();
  const services = servicesList(move.services);
  const kg = move.objects.reduce((sum, o) => sum + o.peso * o.quantity, 0);
  const units = move.objects.reduce((sum, o) => sum + o.quantity, 0);
  const price = move.precio;

  return (
    <Modal
      title={`Mudanza #${move.id}`}
      intro={move.cliente_nombre}
      onClose={onClose}
      className="mgr-modal mgr-modal--wide"
    >
      <div className="mgr-view">
        <div className="mgr-view__badges">
          <StatusBadge estado={move.estado} />
          {move.urgencia === 'urgente' && <UrgentBadge />}
        </div>

        <section className="mgr-view__section" aria-label="Cliente">
          <h3 className="mgr-view__title">Cliente</h3>
          <dl className="mgr-fields">
            <Detail label="Nombre">{move.cliente_nombre}</Detail>
            <Detail label="Teléfono">
              {move.cliente_telefono ? (
                <a href={`tel:${move.cliente_telefono.replace(/\s+/g, '')}`}>{move.cliente_telefono}</a>
              ) : (
                '—'
              )}
            </Detail>
            <Detail label="Email">
              {move.cliente_email ? <a href={`mailto:${move.cliente_email}`}>{move.cliente_email}</a> : '—'}
            </Detail>
          </dl>
        </section>

        <section className="mgr-view__section" aria-label="Ruta">
          <h3 className="mgr-view__title">Ruta y viviendas</h3>
          <dl className="mgr-fields">
            <Detail label="Origen">{move.origen}</Detail>
            <Detail label="Destino">{move.destino}</Detail>
            {move.property_details && (
              <>
                <PropertyFields title="Vivienda de origen" p={move.property_details.origin} />
                <PropertyFields title="Vivienda de destino" p={move.property_details.destination} />
              </>
            )}
          </dl>
        </section>

        <section className="mgr-view__section" aria-label="Fechas">
          <h3 className="mgr-view__title">Fechas</h3>
          <dl className="mgr-fields">
            <Detail label="Fecha programada">{formatDate(move.fecha_programada)}</Detail>
            <Detail label="Fecha alternativa">
              {move.fecha_alternativa ? formatDate(move.fecha_alternativa) : '—'}
            </Detail>
            <Detail label="Horario">{labelOf(TIME_SLOTS, move.time)}</Detail>
            <Detail label="Fechas flexibles">{move.flexible ? 'Sí' : 'No'}</Detail>
            <Detail label="Urgencia">{urgencyLabel(move.urgencia)}</Detail>
          </dl>
        </section>

        {move.contacto && (
          <section className="mgr-view__section" aria-label="Contacto">
            <h3 className="mgr-view__title">Contacto</h3>
            <dl className="mgr-fields">
              <Detail label="Nombre">{move.contacto.nombre || '—'}</Detail>
              <Detail label="Teléfono">{move.contacto.telefono || '—'}</Detail>
              <Detail label="Email">{move.contacto.email || '—'}</Detail>
              <Detail label="Preferencia">{labelOf(CONTACT_PREFERENCES, move.contacto.preferencia)}</Detail>
            </dl>
          </section>
        )}

        <section className="mgr-view__section" aria-label="Objetos">
          <h3 className="mgr-view__title">
            Objetos{' '}
            <span className="mgr-move__muted">
              ({units} · {formatNumber(kg, { decimals: 1 })} kg)
            </span>
          </h3>
          {move.objects.length === 0 ? (
            <p className="mgr-move__muted">Sin objetos</p>
          ) : (
            <ul className="mgr-list">
              {move.objects.map((o) => (
                <li key={o.id}>
                  <span>{o.nombre}</span>
                  <span className="mgr-move__muted">
                    ×{o.quantity} · {o.peso} kg/u
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="mgr-view__section" aria-label="Servicios">
          <h3 className="mgr-view__title">Servicios</h3>
          {services.length === 0 ? (
            <p className="mgr-move__muted">Sin servicios adicionales</p>
          ) : (
            <ul className="mgr-chips">
              {services.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          )}
          {move.instructions && (
            <p className="mgr-view__note">
              <strong>Instrucciones:</strong> {move.instructions}
            </p>
          )}
        </section>

        <section className="mgr-view__section" aria-label="Precio">
          <h3 className="mgr-view__title">Precio</h3>
          {price ? (
            <dl className="mgr-fields mgr-fields--price">
              <Detail label="Precio base">{formatCents(price.base_cents)}</Detail>
              <Detail label="Distancia">{formatCents(price.distance_cents)}</Detail>
              <Detail label="Servicios">{formatCents(price.services_cents)}</Detail>
              <Detail label="Urgencia">{formatCents(price.urgency_cents)}</Detail>
              <Detail label="Subtotal">{formatCents(price.subtotal_cents)}</Detail>
              <Detail label="IVA (21 %)">{price.iva_enabled ? formatCents(price.tax_cents) : 'Sin IVA'}</Detail>
              <Detail label="Total">
                <strong>{formatCents(price.total_cents)}</strong>
              </Detail>
              <Detail label="Anticipo solicitado">{formatCents(price.advance_cents)}</Detail>
              <Detail label="Pagado">
                <span data-testid="mgr-pagado">{formatEuros(move.pagado ?? 0)}</span>
              </Detail>
              {move.estado === 'cancelada' && move.gastos_cancelacion != null && (
                <Detail label="Gastos de cancelación">{formatEuros(move.gastos_cancelacion)}</Detail>
              )}
              <Detail label="Pendiente de pago">{formatEuros(move.pago_pendiente ?? price.total_cents / 100)}</Detail>
              <Detail label="Estado del pago">
                <span data-testid="mgr-estado-pago">{PAYMENT_STATUS_SHORT_LABELS[move.estado_pago ?? 'pending']}</span>
              </Detail>
            </dl>
          ) : (
            <p>{typeof move.precio_total === 'number' ? formatEuros(move.precio_total) : '—'}</p>
          )}
        </section>

        {price && <PaymentsSection move={move} onChanged={onAssigned} />}

        {(move.estado === 'en curso' || (move.hitos ?? []).length > 0) && (
          <section className="mgr-view__section" aria-label="Día de la mudanza">
            <h3 className="mgr-view__title">Día de la mudanza</h3>
            <MilestoneSteps recorded={move.hitos ?? []} label={`Hitos de la mudanza ${move.id}`} />
          </section>
        )}

        <section className="mgr-view__section" aria-label="Fotos">
          <h3 className="mgr-view__title">Fotos ({move.photos.length})</h3>
          {move.photos.length === 0 ? (
            <p className="mgr-move__muted">Sin fotos</p>
          ) : (
            <div className="mgr-photos">
              {move.photos.map((p) => (
                <Photo key={p.id} photo={p} />
              ))}
            </div>
          )}
        </section>

        <section className="mgr-view__section" aria-label="Trabajador">
          <h3 className="mgr-view__title">Trabajador asignado</h3>
          <p className="mgr-view__worker">{move.worker}</p>
          <AssignWorker move={move} onAssigned={onAssigned} />
        </section>
      </div>

      <div className="mgr-modal__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cerrar
        </button>
        <button type="button" className="button button--outline" onClick={() => openWaybill(move.id, !move.albaran)}>
          {move.albaran ? `Albarán ${move.albaran}` : 'Generar albarán'}
        </button>
        <button
          type="button"
          className="button button--outline"
          onClick={() => void openInvoice(move.id, navigate, !move.factura)}
        >
          {move.factura ? `Factura ${move.factura}` : 'Generar factura'}
        </button>
        <button type="button" className="button button--primary" onClick={onEdit}>
          Editar mudanza
        </button>
      </div>
    </Modal>
  );
}

/** The assign selector, filled from /api/trabajadores for the move's date; busy workers are disabled. */
function AssignWorker({ move, onAssigned }: { move: StaffMove; onAssigned: (move: StaffMove) => void }) {
  const [workers, setWorkers] = useState<StaffWorker[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [selected, setSelected] = useState(move.workerId ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setWorkers(null);
    setLoadFailed(false);
    api
      .fetchWorkers(move.fecha_programada)
      .then((list) => live && setWorkers(list))
      .catch((e: unknown) => {
        console.error('No se pudo cargar la lista de trabajadores', e);
        if (live) setLoadFailed(true);
      });
    return () => {
      live = false;
    };
    // Reloaded when the date or the assignment changes: busy-ness depends on both.
  }, [move.fecha_programada, move.workerId]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (selected === '' || selected === move.workerId) return;
    setSaving(true);
    setError(null);
    setDone(null);
    try {
      const response = await api.assignWorker(move.id, selected);
      const body = response.body;
      if (response.ok && body?.success && body.mudanza) {
        onAssigned(body.mudanza);
        setDone(`Asignado a ${body.mudanza.worker}`);
      } else {
        setError(errorText(body, ASSIGN_FALLBACK_ERROR));
      }
    } catch {
      setError(ASSIGN_FALLBACK_ERROR);
    } finally {
      setSaving(false);
    }
  };

  const busyElsewhere = (w: StaffWorker) => w.ocupado && w.mudanza_asignada !== move.id && w.id !== move.workerId;

  return (
    <form className="mgr-assign" onSubmit={submit}>
      <label className="form__field mgr-assign__field">
        <span className="form__label">Asignar trabajador</span>
        <select
          className="input"
          value={selected}
          disabled={workers === null || saving}
          onChange={(e) => {
            setSelected(e.target.value);
            setError(null);
            setDone(null);
          }}
        >
          <option value="">
            {workers === null
              ? loadFailed
                ? 'No se pudo cargar la lista'
                : 'Cargando trabajadores...'
              : 'Selecciona un trabajador'}
          </option>
          {(workers ?? []).map((w) => (
            <option key={w.id} value={w.id} disabled={busyElsewhere(w)}>
              {w.nombre}
              {w.username ? ` (${w.username})` : ''}
              {w.id === move.workerId ? ' (asignado)' : busyElsewhere(w) ? ' (ocupado)' : ''}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="button button--outline"
        disabled={saving || selected === '' || selected === move.workerId}
      >
        {saving ? 'Asignando...' : 'Asignar'}
      </button>
      {error && (
        <p className="form__error mgr-assign__message" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="mgr-assign__done mgr-assign__message" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
