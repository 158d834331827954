import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { StaffMove, WindowCounts } from './api';

// What the crew's app keeps on the device (issue 21), in one IndexedDB database: the changes
// waiting to be sent, the ones the server refused, and the worker's last list of moves. Here in
// lib/ because signing out (useAuthStore) must wipe it; the worker's feature decides what goes in.

export const CREW_DB = 'mudanzas-trabajo';

/** A change the crew made, stored before its first attempt so every retry sends the same key. */
export interface StoredChange {
  /** Its place in the queue: IndexedDB's key generator only ever counts up. */
  seq: number;
  /** Whose change it is: only that user's session may send it. */
  userId: string;
  /** Which entry of the worker's table of kinds sends it (status, milestone, photo…). */
  kind: string;
  moveId: number;
  /** The `Idempotency-Key` of every attempt. */
  key: string;
  /** The device's time of the change, sent as `Occurred-At`. */
  occurredAt: string;
  /** What the kind sends; a photo keeps its Blob here, which IndexedDB stores as it is. */
  data: Record<string, unknown>;
}

export type NewChange = Omit<StoredChange, 'seq'>;

/** A change the server would not apply, kept with its reason until the worker has read it. */
export interface RefusedChange extends StoredChange {
  status: number;
  /** The server's own (Spanish) reason. */
  error: string;
  refusedAt: string;
}

/** The worker's 'Mis mudanzas' as the server last gave it, to show with no network. */
export interface MovesSnapshot {
  userId: string;
  savedAt: string;
  /** The company's date when it was saved: 'Completadas hoy' holds only on that day. */
  day: string;
  moves: StaffMove[];
  conteos: WindowCounts | null;
  doneToday: StaffMove[];
}

interface CrewSchema extends DBSchema {
  cambios: { key: number; value: StoredChange; indexes: { userId: string } };
  rechazados: { key: number; value: RefusedChange; indexes: { userId: string } };
  mudanzas: { key: string; value: MovesSnapshot };
}

type CrewDb = IDBPDatabase<CrewSchema>;

let connection: { factory: IDBFactory; db: Promise<CrewDb> } | null = null;

function open(): Promise<CrewDb> {
  // Per factory: the unit tests give every test a fresh one.
  if (connection?.factory === indexedDB) return connection.db;
  const db = openDB<CrewSchema>(CREW_DB, 1, {
    upgrade(db) {
      db.createObjectStore('cambios', { keyPath: 'seq', autoIncrement: true }).createIndex('userId', 'userId');
      db.createObjectStore('rechazados', { keyPath: 'seq' }).createIndex('userId', 'userId');
      db.createObjectStore('mudanzas', { keyPath: 'userId' });
    },
    // Another tab signing out deletes the database: let it.
    blocking() {
      void db.then((d) => d.close());
      connection = null;
    },
    terminated() {
      connection = null;
    },
  });
  connection = { factory: indexedDB, db };
  db.catch(() => {
    if (connection?.db === db) connection = null;
  });
  return db;
}

const bySeq = <T extends { seq: number }>(rows: T[]) => rows.sort((a, b) => a.seq - b.seq);

export async function addChange(change: NewChange): Promise<StoredChange> {
  const db = await open();
  // The key generator fills in `seq`; the record is typed with it.
  const seq = await db.add('cambios', change as StoredChange);
  return { ...change, seq };
}

/** This user's changes waiting to be sent, oldest first. */
export async function listChanges(userId: string): Promise<StoredChange[]> {
  return bySeq(await (await open()).getAllFromIndex('cambios', 'userId', userId));
}

/** The oldest change of this user still waiting, if any. */
export async function firstChange(userId: string): Promise<StoredChange | undefined> {
  const cursor = await (await open()).transaction('cambios').store.index('userId').openCursor(userId);
  return cursor?.value;
}

export async function removeChange(seq: number): Promise<void> {
  await (await open()).delete('cambios', seq);
}

/** Moves a change from the queue to the refused list, in one transaction. */
export async function refuseChange(change: RefusedChange): Promise<void> {
  const tx = (await open()).transaction(['cambios', 'rechazados'], 'readwrite');
  await Promise.all([tx.objectStore('cambios').delete(change.seq), tx.objectStore('rechazados').put(change), tx.done]);
}

export async function listRefused(userId: string): Promise<RefusedChange[]> {
  return bySeq(await (await open()).getAllFromIndex('rechazados', 'userId', userId));
}

export async function removeRefused(seq: number): Promise<void> {
  await (await open()).delete('rechazados', seq);
}

export async function saveMovesSnapshot(snapshot: MovesSnapshot): Promise<void> {
  await (await open()).put('mudanzas', snapshot);
}

export async function readMovesSnapshot(userId: string): Promise<MovesSnapshot | undefined> {
  return (await open()).get('mudanzas', userId);
}

/** How long signing out waits for other tabs to let go of the database. */
const DELETE_WAIT_MS = 2_000;

/**
 * Signing out: every change, refusal and list of this device goes, whoever made them. The stores
 * are emptied first, which no other tab can hold up; then the database itself is deleted.
 */
export async function clearCrewDevice(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  try {
    const db = await open();
    const tx = db.transaction(['cambios', 'rechazados', 'mudanzas'], 'readwrite');
    await Promise.all([
      tx.objectStore('cambios').clear(),
      tx.objectStore('rechazados').clear(),
      tx.objectStore('mudanzas').clear(),
      tx.done,
    ]);
    db.close();
    connection = null;
    await Promise.race([deleteDB(CREW_DB), new Promise((resolve) => setTimeout(resolve, DELETE_WAIT_MS))]);
  } catch (error) {
    console.warn('No se pudieron borrar los datos del equipo en este dispositivo', error);
  }
}
