import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { Field, fieldProps } from '../../components/FormField';
import { SignaturePad } from '../../components/SignaturePad';
import type { MovedObject, MovePhoto, ObjectCondition, StaffMove, WaybillSigner, WaybillStage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import {
  OBJECT_CONDITIONS,
  objectConditionLabel,
  SIGNATURE_LABELS,
  WAYBILL_STAGES,
  waybillStageLabel,
} from '../../lib/options';
import { servicesList } from '../../lib/staffMoves';
import { TEXT_LIMITS } from '../../lib/textLimits';
import type { ConditionData, PendingPhoto, SignatureData } from './changeKinds';
import { MAX_PHOTO_BYTES, NOT_AN_IMAGE, TOO_LARGE } from './PhotoModal';
import { useObjectUrl } from './useObjectUrl';
import { NOT_QUEUED, PHOTOS_NOT_QUEUED, type NoteOutcome } from './useWorkerMovesStore';
import {
  ACCEPTANCE_TEXT,
  defaultStage,
  isPending,
  objectNotes,
  reviewsWaybill,
  signatureOf,
  signedAtText,
  type ObjectNote,
} from './waybillView';
import './WaybillModal.css';

// The waybill on the crew's phone (issue 21): what the client accepts at pickup and receives at
// delivery, each object's condition, and the client's and the worker's signatures. Everything
// goes through the crew's queue, so it works with no network; what is still on the device is
// shown at once and marked until the server has it.

/** The server's limit for a condition note (command/src/waybill.rs). */
export const NOTE_MAX = 1000;

export const CONDITION_REQUIRED = 'Elige el estado del objeto';
export const NOTE_REQUIRED = 'La nota es requerida cuando hay daños';
/** The server's own message for a signature with no name. */
export const NAME_REQUIRED = 'El nombre de quien firma es requerido';
export const SIGNATURE_REQUIRED = 'Falta la firma: firma con el dedo dentro del recuadro';
export const WAYBILL_CLOSED = 'El albarán solo se firma y se revisa en una mudanza confirmada, en curso o finalizada.';

interface WaybillModalProps {
  /** The move as the card shows it: the changes still on the device applied. */
  move: StaffMove;
  /** The move's photos still on the device. */
  pendingPhotos: readonly PendingPhoto[];
  /** The signed-in worker, whose name their own signature starts with. */
  workerName: string;
  /** Absent for a move not assigned to the worker: they only read its waybill. */
  onNote?: (note: ConditionData, photos: readonly File[], descripcion: string) => Promise<NoteOutcome>;
  onSign?: (signature: SignatureData) => Promise<boolean>;
  onClose: () => void;
}

export function WaybillModal({ move, pendingPhotos, workerName, onNote, onSign, onClose }: WaybillModalProps) {
  const [stage, setStage] = useState<WaybillStage>(() => defaultStage(move));
  const id = useId();
  const ids = { tab: (s: WaybillStage) => `${id}-tab-${s}`, panel: `${id}-panel` };
  // A move cancelled (or sent back to pending) meanwhile takes no more notes or signatures.
  const open = reviewsWaybill(move);
  const note = open ? onNote : undefined;
  const sign = open ? onSign : undefined;

  return (
    <Modal
      title={`Albarán · Mudanza #${move.id}`}
      intro={move.cliente_nombre}
      onClose={onClose}
      className="worker-modal worker-modal--wide waybill-modal"
    >
      <div className="photo-tabs waybill-modal__stages" role="tablist" aria-label="Etapa del albarán">
        {WAYBILL_STAGES.map((s) => (
          <button
            key={s.value}
            type="button"
            role="tab"
            id={ids.tab(s.value)}
            aria-selected={stage === s.value}
            aria-controls={ids.panel}
            className={`photo-tabs__tab${stage === s.value ? ' is-active' : ''}`}
            onClick={() => setStage(s.value)}
          >
            {s.label}
          </button>
        ))}
      </div>

      {!open && (onNote || onSign) && <p className="waybill-modal__closed">{WAYBILL_CLOSED}</p>}

      {/* Keyed by stage: a half-filled form or a drawn pad belongs to the stage it was started in. */}
      <div key={stage} id={ids.panel} role="tabpanel" aria-labelledby={ids.tab(stage)} className="waybill-modal__panel">
        <Content move={move} stage={stage} pendingPhotos={pendingPhotos} onNote={note} />
        <Signatures move={move} stage={stage} workerName={workerName} onSign={sign} />
      </div>
    </Modal>
  );
}

function Content({
  move,
  stage,
  pendingPhotos,
  onNote,
}: {
  move: StaffMove;
  stage: WaybillStage;
  pendingPhotos: readonly PendingPhoto[];
  onNote?: WaybillModalProps['onNote'];
}) {
  const titleId = useId();
  const services = servicesList(move.services);
  return (
    <section className="waybill-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="waybill-section__title">
        Contenido del albarán
      </h3>
      <h4 className="waybill-section__subtitle">Objetos</h4>
      {move.objects.length === 0 ? (
        <p className="waybill-section__empty">Sin objetos</p>
      ) : (
        <ul className="waybill-objects">
          {move.objects.map((object) => (
            <ObjectItem
              key={object.id}
              object={object}
              stage={stage}
              notes={objectNotes(move, pendingPhotos, stage, object.id)}
              onNote={onNote}
            />
          ))}
        </ul>
      )}
      <h4 className="waybill-section__subtitle">Servicios</h4>
      {services.length === 0 ? (
        <p className="waybill-section__empty">Sin servicios adicionales</p>
      ) : (
        <ul className="waybill-services">
          {services.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ObjectItem({
  object,
  stage,
  notes,
  onNote,
}: {
  object: MovedObject;
  stage: WaybillStage;
  notes: ObjectNote[];
  onNote?: WaybillModalProps['onNote'];
}) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const nameId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back on the button the form replaced, so a keyboard user goes on from where they were.
  useEffect(() => {
    if (wasEditing.current && !editing) buttonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <li className="waybill-object">
      <p className="waybill-object__name" id={nameId}>
        <span className="waybill-object__quantity">{object.quantity} ×</span> {object.nombre}
      </p>
      {notes.length > 0 && (
        <ul className="waybill-notes" aria-label={`Estado anotado de ${object.nombre}`}>
          {notes.map((n) => (
            <NoteItem key={n.note.id} entry={n} />
          ))}
        </ul>
      )}
      {notice && (
        <p className="form-field__error" role="alert">
          {notice}
        </p>
      )}
      {onNote &&
        (editing ? (
          <ConditionForm
            object={object}
            stage={stage}
            onNote={onNote}
            onDone={(message) => {
              setNotice(message);
              setEditing(false);
            }}
          />
        ) : (
          <button
            ref={buttonRef}
            type="button"
            className="button button--ghost waybill-object__note"
            aria-describedby={nameId}
            onClick={() => {
              setNotice(null);
              setEditing(true);
            }}
          >
            Anotar estado
          </button>
        ))}
    </li>
  );
}

function NoteItem({ entry }: { entry: ObjectNote }) {
  const { note, pending, photos, pendingPhotos } = entry;
  return (
    <li className={`waybill-note waybill-note--${note.estado}`}>
      <p className="waybill-note__head">
        <strong className="waybill-note__condition">{objectConditionLabel(note.estado)}</strong>
        <time className="waybill-note__time" dateTime={note.fecha}>
          {formatDateTime(note.fecha)}
        </time>
        {pending && <span className="waybill-pending">pendiente de enviar</span>}
      </p>
      {note.nota !== '' && <p className="waybill-note__text">{note.nota}</p>}
      {photos.length + pendingPhotos.length > 0 && (
        <ul className="waybill-thumbs" aria-label="Fotos">
          {photos.map((photo) => (
            <li key={photo.id}>
              <ServerThumb photo={photo} />
            </li>
          ))}
          {pendingPhotos.map((photo) => (
            <li key={`pendiente-${photo.seq}`}>
              <BlobThumb blob={photo.foto} alt={photo.descripcion || 'Foto del objeto'} pending />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function ServerThumb({ photo }: { photo: MovePhoto }) {
  const [failed, setFailed] = useState(false);
  const alt = photo.descripcion.trim() || 'Foto del objeto';
  if (failed) {
    // With no network the server's copy cannot be shown; a box says there is one.
    return <span className="waybill-thumb waybill-thumb--missing" role="img" aria-label={alt} />;
  }
  return (
    <a className="waybill-thumb" href={photo.url} target="_blank" rel="noreferrer">
      <img src={photo.url} alt={alt} loading="lazy" onError={() => setFailed(true)} />
    </a>
  );
}

function BlobThumb({ blob, alt, pending = false }: { blob: Blob; alt: string; pending?: boolean }) {
  const url = useObjectUrl(blob);
  return (
    <span className={`waybill-thumb${pending ? ' waybill-thumb--pending' : ''}`}>
      {url ? <img src={url} alt={alt} /> : <span role="img" aria-label={alt} />}
    </span>
  );
}

interface ConditionErrors {
  estado?: string;
  nota?: string;
  foto?: string;
  form?: string;
}

function photoProblem(file: File): string | null {
  // `accept` only filters the picker; a forced file can still be anything.
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > MAX_PHOTO_BYTES) return TOO_LARGE;
  return null;
}

function ConditionForm({
  object,
  stage,
  onNote,
  onDone,
}: {
  object: MovedObject;
  stage: WaybillStage;
  onNote: NonNullable<WaybillModalProps['onNote']>;
  /** The form closes: cancelled or queued, with what the worker must still know. */
  onDone: (notice: string | null) => void;
}) {
  const [estado, setEstado] = useState<ObjectCondition | null>(null);
  const [nota, setNota] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<ConditionErrors>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  const ids = { legend: `${id}-estado`, estadoError: `${id}-estado-error`, nota: `${id}-nota`, foto: `${id}-foto` };
  const firstRadio = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const damage = estado !== null && estado !== 'buen_estado';

  useEffect(() => firstRadio.current?.focus(), []);

  const addPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const problem = chosen.map(photoProblem).find((p) => p !== null) ?? undefined;
    setPhotos((shown) => [...shown, ...chosen.filter((f) => photoProblem(f) === null)]);
    setErrors((e) => ({ ...e, foto: problem }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: ConditionErrors = {
      estado: estado === null ? CONDITION_REQUIRED : undefined,
      nota: damage && nota.trim() === '' ? NOTE_REQUIRED : undefined,
    };
    setErrors(found);
    if (found.estado) return firstRadio.current?.focus();
    if (found.nota) return noteRef.current?.focus();
    setSaving(true);
    const outcome = await onNote(
      { etapa: stage, objeto_id: object.id, objeto_nombre: object.nombre, estado: estado!, nota: nota.trim() },
      photos,
      `${object.nombre} · ${waybillStageLabel(stage)}`,
    );
    setSaving(false);
    if (outcome === 'not-queued') setErrors({ form: NOT_QUEUED });
    else onDone(outcome === 'photos-lost' ? PHOTOS_NOT_QUEUED : null);
  };

  return (
    <form className="waybill-form" noValidate onSubmit={submit} aria-label={`Estado de ${object.nombre}`}>
      <fieldset
        className="waybill-form__conditions"
        disabled={saving}
        aria-describedby={errors.estado ? ids.estadoError : undefined}
      >
        <legend className="form__label">Estado en la {waybillStageLabel(stage).toLowerCase()}</legend>
        {OBJECT_CONDITIONS.map((c, i) => (
          <label key={c.value} className={`waybill-form__condition waybill-form__condition--${c.value}`}>
            <input
              ref={i === 0 ? firstRadio : undefined}
              type="radio"
              name={`${id}-estado`}
              value={c.value}
              checked={estado === c.value}
              onChange={() => {
                setEstado(c.value);
                setErrors((e) => ({ ...e, estado: undefined }));
              }}
            />
            <span>{c.label}</span>
          </label>
        ))}
        {errors.estado && (
          <p id={ids.estadoError} className="form-field__error">
            {errors.estado}
          </p>
        )}
      </fieldset>

      <Field
        id={ids.nota}
        label="Nota"
        required={damage}
        error={errors.nota}
        hint={damage ? 'Describe los daños: dónde están y cómo son.' : 'Opcional si está en buen estado.'}
      >
        <textarea
          ref={noteRef}
          {...fieldProps(ids.nota, errors.nota, { hint: true, required: damage })}
          className="input waybill-form__note"
          rows={3}
          maxLength={NOTE_MAX}
          disabled={saving}
          value={nota}
          onChange={(e) => {
            setNota(e.target.value);
            if (e.target.value.trim() !== '') setErrors((er) => ({ ...er, nota: undefined }));
          }}
        />
      </Field>

      <div className="form__field">
        <span className="form__label">Fotos (opcional)</span>
        {photos.length > 0 && (
          <ul className="waybill-form__photos">
            {photos.map((file, i) => (
              <li key={`${file.name}-${i}`} className="waybill-form__photo">
                <BlobThumb blob={file} alt={file.name} />
                <button
                  type="button"
                  className="button button--ghost waybill-form__remove"
                  aria-label={`Quitar ${file.name}`}
                  disabled={saving}
                  onClick={() => setPhotos((shown) => shown.filter((_, j) => j !== i))}
                >
                  Quitar
                </button>
              </li>
            ))}
          </ul>
        )}
        <label className="button button--ghost waybill-form__add">
          {photos.length === 0 ? 'Hacer foto' : 'Hacer otra foto'}
          <input
            id={ids.foto}
            type="file"
            accept="image/*"
            capture="environment"
            className="waybill-form__file"
            disabled={saving}
            aria-describedby={errors.foto ? `${ids.foto}-error` : undefined}
            onChange={addPhotos}
          />
        </label>
        {errors.foto && (
          <p id={`${ids.foto}-error`} className="form-field__error" role="alert">
            {errors.foto}
          </p>
        )}
      </div>

      {errors.form && (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="waybill-form__actions">
        <button type="button" className="button button--ghost" disabled={saving} onClick={() => onDone(null)}>
          Cancelar
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Guardando…' : 'Guardar estado'}
        </button>
      </div>
    </form>
  );
}

function Signatures({
  move,
  stage,
  workerName,
  onSign,
}: {
  move: StaffMove;
  stage: WaybillStage;
  workerName: string;
  onSign?: WaybillModalProps['onSign'];
}) {
  const titleId = useId();
  return (
    <section className="waybill-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="waybill-section__title">
        Firmas de la {waybillStageLabel(stage).toLowerCase()}
      </h3>
      <div className="waybill-signatures">
        <SignatureSlot move={move} stage={stage} firmante="cliente" name={move.cliente_nombre} onSign={onSign} />
        <SignatureSlot move={move} stage={stage} firmante="operario" name={workerName} onSign={onSign} />
      </div>
    </section>
  );
}

function SignatureSlot({
  move,
  stage,
  firmante,
  name,
  onSign,
}: {
  move: StaffMove;
  stage: WaybillStage;
  firmante: WaybillSigner;
  /** The name the form starts with. */
  name: string;
  onSign?: WaybillModalProps['onSign'];
}) {
  const labelId = useId();
  const label = SIGNATURE_LABELS[firmante];
  const given = signatureOf(move, stage, firmante);
  if (!given && onSign) {
    return <SignatureForm move={move} stage={stage} firmante={firmante} name={name} onSign={onSign} />;
  }
  return (
    <section className="waybill-signature" aria-labelledby={labelId}>
      <h4 id={labelId} className="waybill-signature__label">
        {label}
      </h4>
      {given ? (
        <>
          <SignatureImage src={given.url} alt={`${label}: ${given.nombre}`} pending={isPending(given)} />
          <p className="waybill-signature__name">{given.nombre}</p>
          <p className="waybill-signature__when">
            <time dateTime={given.firmado_en}>{signedAtText(given.firmado_en)}</time>
            {isPending(given) && <span className="waybill-pending">pendiente de enviar</span>}
          </p>
          {move.albaran_sha256 && given.sha256_albaran !== move.albaran_sha256 && (
            <p className="waybill-signature__stale">Firmó una versión anterior del contenido</p>
          )}
        </>
      ) : (
        <p className="waybill-section__empty">Sin firmar</p>
      )}
    </section>
  );
}

function SignatureImage({ src, alt, pending }: { src: string; alt: string; pending: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`waybill-signature__frame${pending ? ' waybill-signature__frame--pending' : ''}`}>
      {failed ? (
        // The server's copy, with no network to fetch it.
        <span className="waybill-signature__missing" role="img" aria-label={alt}>
          Firma guardada: se verá con conexión
        </span>
      ) : (
        <img className="waybill-signature__image" src={src} alt={alt} onError={() => setFailed(true)} />
      )}
    </div>
  );
}

interface SignatureErrors {
  nombre?: string;
  firma?: string;
  form?: string;
}

function SignatureForm({
  move,
  stage,
  firmante,
  name,
  onSign,
}: {
  move: StaffMove;
  stage: WaybillStage;
  firmante: WaybillSigner;
  name: string;
  onSign: NonNullable<WaybillModalProps['onSign']>;
}) {
  const [nombre, setNombre] = useState(name);
  const [png, setPng] = useState<string | null>(null);
  const [errors, setErrors] = useState<SignatureErrors>({});
  const [saving, setSaving] = useState(false);
  const id = useId();
  const ids = { nombre: `${id}-nombre`, firma: `${id}-firma-error` };
  const nameRef = useRef<HTMLInputElement>(null);
  const label = SIGNATURE_LABELS[firmante];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: SignatureErrors = {
      nombre: nombre.trim() === '' ? NAME_REQUIRED : undefined,
      firma: png === null ? SIGNATURE_REQUIRED : undefined,
    };
    setErrors(found);
    if (found.nombre) return nameRef.current?.focus();
    if (!png || found.firma) return;
    setSaving(true);
    const queued = await onSign({
      etapa: stage,
      firmante,
      nombre: nombre.trim(),
      imagen_png: png,
      // What the client was shown: a signature over content that changed since is refused.
      sha256_albaran: move.albaran_sha256 ?? '',
    });
    // Queued, the signature takes the form's place; only a failure leaves it here.
    if (!queued) {
      setSaving(false);
      setErrors({ form: NOT_QUEUED });
    }
  };

  return (
    <form className="waybill-signature waybill-signature--form" noValidate onSubmit={submit} aria-label={label}>
      {firmante === 'cliente' && <p className="waybill-signature__accept">{ACCEPTANCE_TEXT[stage]}</p>}
      <Field
        id={ids.nombre}
        label={firmante === 'cliente' ? 'Nombre del cliente' : 'Nombre del operario'}
        required
        error={errors.nombre}
      >
        <input
          ref={nameRef}
          {...fieldProps(ids.nombre, errors.nombre)}
          type="text"
          autoComplete="off"
          maxLength={TEXT_LIMITS.name}
          disabled={saving}
          value={nombre}
          onChange={(e) => {
            setNombre(e.target.value);
            if (e.target.value.trim() !== '') setErrors((er) => ({ ...er, nombre: undefined }));
          }}
        />
      </Field>
      <SignaturePad
        label={label}
        disabled={saving}
        onChange={(drawn) => {
          setPng(drawn);
          if (drawn) setErrors((er) => ({ ...er, firma: undefined }));
        }}
      />
      {errors.firma && (
        <p id={ids.firma} className="form-field__error" role="alert">
          {errors.firma}
        </p>
      )}
      {errors.form && (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={saving}>
        {saving ? 'Guardando…' : 'Guardar firma'}
      </button>
    </form>
  );
}
