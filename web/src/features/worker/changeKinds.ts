import * as api from '../../lib/api';
import type { Milestone, MovePhoto, MoveStatus, StaffMove } from '../../lib/api';
import { milestoneLabel, MOVE_STATUS_LABELS } from '../../lib/options';
import { isStaffMove } from '../../lib/staffMoves';
import type { StoredChange } from '../../lib/crewDevice';
import type { ChangeKind } from './changeQueue';

// The crew's kinds of change, one entry each: how the queue sends it, how the card shows it while
// it waits, and how the server's answer merges into the lists. A new kind (a signature, a note on
// an object's condition) is one more entry here and a call in lib/api.ts.

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
}

/** Status and milestone answers carry the move as the projections now show it. */
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
    return api.uploadPhoto(moveId, file, data.descripcion, headers);
  },
  describe: (data) => (data.descripcion.trim() === '' ? 'Foto' : `Foto: ${data.descripcion.trim()}`),
  // Shown at once; the live change with the move's new version replaces this copy.
  merged: (body, current) => {
    const foto = (body as { foto?: MovePhoto } | null)?.foto;
    if (!current || !foto || current.photos.some((p) => p.id === foto.id)) return undefined;
    return { ...current, photos: [...current.photos, foto] };
  },
};

export const CREW_KINDS = { estado: status, hito: milestone, foto: photo };

export type CrewKindName = keyof typeof CREW_KINDS;

export type CrewKindData = {
  estado: StatusData;
  hito: MilestoneData;
  foto: PhotoData;
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
      return { seq: c.seq, foto: data.foto, descripcion: data.descripcion, occurredAt: c.occurredAt };
    })
    .filter((p) => p.foto instanceof Blob && !onServer(p));
}
