// What the waybill modal shows of a move (issue 21): which stage it opens on, who has signed, and
// each object's notes with their photos. Pure functions over the move as the card shows it, the
// changes still on the device already applied (changeKinds.ts), so the rules are tested alone.
import type {
  ConditionEntry,
  MovePhoto,
  MoveStatus,
  StaffMove,
  WaybillSignature,
  WaybillSigner,
  WaybillStage,
} from '../../lib/api';
import { formatInstantDate, formatTime } from '../../lib/format';
import { isPendingId, type PendingPhoto } from './changeKinds';

/** The server's rule (command/src/waybill.rs): from the day's confirmation on, and once finished. */
export const WAYBILL_STATUSES: readonly MoveStatus[] = ['confirmada', 'en curso', 'finalizada'];

export function reviewsWaybill(move: Pick<StaffMove, 'estado'>): boolean {
  return WAYBILL_STATUSES.includes(move.estado);
}

/** Pickup until the crew has finished loading the lorry, delivery from then on. */
export function defaultStage(move: Pick<StaffMove, 'hitos'>): WaybillStage {
  return (move.hitos ?? []).some((h) => h.hito === 'carga_terminada') ? 'entrega' : 'recogida';
}

/** What the client's signature means at each stage, shown above their pad. */
export const ACCEPTANCE_TEXT: Record<WaybillStage, string> = {
  recogida: 'Con su firma, el cliente acepta los objetos y servicios listados.',
  entrega: 'Con su firma, el cliente declara haberlos recibido.',
};

/** The signature of `firmante` at `etapa`: the server allows one. */
export function signatureOf(
  move: Pick<StaffMove, 'firmas'>,
  etapa: WaybillStage,
  firmante: WaybillSigner,
): WaybillSignature | undefined {
  return (move.firmas ?? []).find((f) => f.etapa === etapa && f.firmante === firmante);
}

/** A signature, note or photo still on the device only. */
export function isPending(entry: { id: string }): boolean {
  return isPendingId(entry.id);
}

/** 'Firmado el 4/12/2026 a las 9:15' (at one o'clock, 'a la 1:05'), on the phone's clock. */
export function signedAtText(iso: string): string {
  const time = formatTime(iso);
  return `Firmado el ${formatInstantDate(iso, { numeric: true })} a ${time.startsWith('1:') ? 'la' : 'las'} ${time}`;
}

export interface ObjectNote {
  note: ConditionEntry;
  pending: boolean;
  photos: MovePhoto[];
  pendingPhotos: PendingPhoto[];
}

/**
 * An object's notes at a stage, oldest first, each with its photos. The photos go with the
 * object's latest note at that stage, as the server files them on the waybill
 * (api/src/routes/documents.rs), so the phone and the paper show the same.
 */
export function objectNotes(
  move: Pick<StaffMove, 'estado_objetos' | 'photos'>,
  pendingPhotos: readonly PendingPhoto[],
  etapa: WaybillStage,
  objetoId: string,
): ObjectNote[] {
  const notes: ObjectNote[] = (move.estado_objetos ?? [])
    .filter((n) => n.etapa === etapa && n.objeto_id === objetoId)
    .map((note) => ({ note, pending: isPending(note), photos: [], pendingPhotos: [] }));
  const latest = notes[notes.length - 1];
  if (!latest) return notes;
  latest.photos = move.photos.filter((p) => p.objeto?.id === objetoId && p.objeto.etapa === etapa);
  latest.pendingPhotos = pendingPhotos.filter((p) => p.objetoId === objetoId && p.etapa === etapa);
  return notes;
}
