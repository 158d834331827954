import * as api from '../../lib/api';
import type {
  ConditionRequest,
  Milestone,
  MovePhoto,
  MoveStatus,
  SignatureRequest,
  StaffMove,
  WaybillStage,
} from '../../lib/api';
import {
  milestoneLabel,
  MOVE_STATUS_LABELS,
  objectConditionLabel,
  SIGNATURE_LABELS,
  waybillStageLabel,
} from '../../lib/options';
import { isStaffMove } from '../../lib/staffMoves';
import type { StoredChange } from '../../lib/crewDevice';
import type { ChangeKind } from './changeQueue';

// The crew's kinds of change, one entry each: how the queue sends it, how the card shows it while
// it waits, and how the server's answer merges into the lists. A new kind is one more entry here
// and a call in lib/api.ts.

export interface CrewKind<D> extends ChangeKind<D> {
  /** The move as the worker should see it with this change applied (optimistic). */
  overlay?: (move: StaffMove, data: D, change: StoredChange) => StaffMove;
  /** The move to merge once the server applied it: from its answer, or `current` with it. */
  merged: (body: unknown, current: StaffMove | undefined) => StaffMove | undefined;
}

export interface StatusData {
  estado: MoveStatus;
}

export interface MilestoneData {
  hito: Milestone;
}

export interface PhotoData {
  /** The photo itself, kept in IndexedDB until it is sent. */
  foto: Blob;
  nombre: string;
  descripcion: string;
  /** The waybill object the photo shows the condition of, and at which stage: both or neither. */
  objetoId?: string;
  etapa?: WaybillStage;
}

/** A signature as the server takes it: the PNG as a data URL, which the card shows as it is. */
export type SignatureData = SignatureRequest;

export interface ConditionData extends ConditionRequest {
  /** What the pending and refused lists call the object, should it leave the move meanwhile. */
  objeto_nombre: string;
}

/**
 * The id a signature or a note still on the device goes by on the card: its place in the queue,
 * which no server id (a UUID) can be.
 */
export function pendingId(change: Pick<StoredChange, 'seq'>): string {
  return `pendiente-${change.seq}`;
}

export function isPendingId(id: string): boolean {
  return id.startsWith('pendiente-');
}

/** Status, milestone, signature and condition answers carry the move as the projections now show it. */
function answeredMove(body: unknown): StaffMove | undefined {
  const move = (body as { mudanza?: unknown } | null)?.mudanza;
  return isStaffMove(move) ? move : undefined;
}

const status: CrewKind<StatusData> = {
  send: (moveId, data, headers) => api.updateMoveStatus(moveId, data.estado, headers),
  describe: (data) => `Estado: ${MOVE_STATUS_LABELS[data.estado] ?? data.estado}`,
  overlay: (move, data) => ({ ...move, estado: data.estado }),
  merged: answeredMove,
};

const milestone: CrewKind<MilestoneData> = {
  send: (moveId, data, headers) => api.recordMilestone(moveId, data.hito, headers),
  describe: (data) => `Hito: ${milestoneLabel(data.hito)}`,
  overlay: (move, data, change) => {
    const hitos = move.hitos ?? [];
    if (hitos.some((h) => h.hito === data.hito)) return move;
    // The server's rule (command/src/moves.rs): leaving for the origin starts a confirmed move.
    const starts = move.estado === 'confirmada' && data.hito === 'en_camino';
    return {
      ...move,
      estado: starts ? 'en curso' : move.estado,
      hitos: [...hitos, { hito: data.hito, fecha: change.occurredAt }],
    };
  },
  merged: answeredMove,
};

const photo: CrewKind<PhotoData> = {
  send: (moveId, data, headers) => {
    // Stored as a Blob; the form sends it under its file name again.
    const file = new File([data.foto], data.nombre, { type: data.foto.type });
    const objeto = data.objetoId && data.etapa ? { objetoId: data.objetoId, etapa: data.etapa } : undefined;
    return api.uploadPhoto(moveId, file, data.descripcion, headers, objeto);
  },
  describe: (data) => (data.descripcion.trim() === '' ? 'Foto' : `Foto: ${data.descripcion.trim()}`),
  // Shown at once; the live change with the move's new version replaces this copy.
  merged: (body, current) => {
    const foto = (body as { foto?: MovePhoto } | null)?.foto;
    if (!current || !foto || current.photos.some((p) => p.id === foto.id)) return undefined;
    return { ...current, photos: [...current.photos, foto] };
  },
};

const signature: CrewKind<SignatureData> = {
  send: (moveId, data, headers) => api.signWaybill(moveId, data, headers),
  describe: (data) => `${SIGNATURE_LABELS[data.firmante] ?? 'Firma'} (${waybillStageLabel(data.etapa).toLowerCase()})`,
  overlay: (move, data, change) => {
    const firmas = move.firmas ?? [];
    // One per signer and stage: once the server shows it (its live frame can come before the
    // answer), that copy is the one.
    if (firmas.some((f) => f.etapa === data.etapa && f.firmante === data.firmante)) return move;
    const pending = {
      id: pendingId(change),
      etapa: data.etapa,
      firmante: data.firmante,
      nombre: data.nombre.trim(),
      firmado_en: change.occurredAt,
      sha256_albaran: data.sha256_albaran,
      url: data.imagen_png,
    };
    return { ...move, firmas: [...firmas, pending] };
  },
  merged: answeredMove,
};

const condition: CrewKind<ConditionData> = {
  send: (moveId, data, headers) =>
    api.noteObjectCondition(
      moveId,
      { etapa: data.etapa, objeto_id: data.objeto_id, estado: data.estado, nota: data.nota ?? '' },
      headers,
    ),
  describe: (data) => `Estado de «${data.objeto_nombre}»: ${objectConditionLabel(data.estado)}`,
  overlay: (move, data, change) => {
    const notes = move.estado_objetos ?? [];
    // The server's copy carries the device's time as its date: once it shows it, it is the one.
    const at = Date.parse(change.occurredAt);
    const onServer = notes.some(
      (n) => n.objeto_id === data.objeto_id && n.etapa === data.etapa && Date.parse(n.fecha) === at,
    );
    if (onServer) return move;
    const pending = {
      id: pendingId(change),
      etapa: data.etapa,
      objeto_id: data.objeto_id,
      objeto_nombre: move.objects.find((o) => o.id === data.objeto_id)?.nombre ?? data.objeto_nombre,
      estado: data.estado,
      nota: (data.nota ?? '').trim(),
      fecha: change.occurredAt,
    };
    return { ...move, estado_objetos: [...notes, pending] };
  },
  merged: answeredMove,
};

export const CREW_KINDS = {
  estado: status,
  hito: milestone,
  foto: photo,
  firma: signature,
  estadoObjeto: condition,
};

export type CrewKindName = keyof typeof CREW_KINDS;

export type CrewKindData = {
  estado: StatusData;
  hito: MilestoneData;
  foto: PhotoData;
  firma: SignatureData;
  estadoObjeto: ConditionData;
};

export function crewKind(change: StoredChange): CrewKind<Record<string, unknown>> | undefined {
  return (CREW_KINDS as Record<string, CrewKind<never>>)[change.kind] as CrewKind<Record<string, unknown>> | undefined;
}

/** The move with every change still waiting for it applied, in order. */
export function withPending(move: StaffMove, pending: readonly StoredChange[]): StaffMove {
  return pending.reduce((shown, change) => {
    if (change.moveId !== move.id) return shown;
    return crewKind(change)?.overlay?.(shown, change.data, change) ?? shown;
  }, move);
}

/** A photo still on the device: what the photo grid shows of it. */
export interface PendingPhoto {
  seq: number;
  foto: Blob;
  descripcion: string;
  occurredAt: string;
  /** The waybill object and stage it documents, if any. */
  objetoId?: string;
  etapa?: WaybillStage;
}

/**
 * The move's photos still on the device only. One the server already shows (its live frame can
 * arrive before the upload's own answer) is the server's: it carries the photo's device time as
 * its date, to the millisecond, and the same description.
 */
export function pendingPhotos(move: StaffMove, pending: readonly StoredChange[]): PendingPhoto[] {
  const onServer = (p: PendingPhoto) =>
    move.photos.some(
      (shown) =>
        Date.parse(shown.fecha_subida) === Date.parse(p.occurredAt) && shown.descripcion === p.descripcion.trim(),
    );
  return pending
    .filter((c) => c.moveId === move.id && c.kind === 'foto')
    .map((c) => {
      const data = c.data as unknown as PhotoData;
      return {
        seq: c.seq,
        foto: data.foto,
        descripcion: data.descripcion,
        occurredAt: c.occurredAt,
        objetoId: data.objetoId,
        etapa: data.etapa,
      };
    })
    .filter((p) => p.foto instanceof Blob && !onServer(p));
}
