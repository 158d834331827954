// IndexedDB for the unit tests (fake-indexeddb): a fresh, empty database factory for every test,
// as a new device would have.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';

/** A new device: nothing stored. */
export function freshIndexedDb(): void {
  globalThis.indexedDB = new IDBFactory();
}

// fake-indexeddb copies values with Node's structuredClone, which cannot copy jsdom's Blob and
// File (it makes them empty objects); a browser stores them as they are. Blobs are immutable, so
// handing back the same object is what a test can tell apart from a browser's copy: nothing.
const nodeClone = globalThis.structuredClone;

function keepingBlobs<T>(value: T, options?: StructuredSerializeOptions): T {
  const blobs: Blob[] = [];
  const out = (v: unknown): unknown => {
    if (v instanceof Blob) return { __blob: blobs.push(v) - 1 };
    if (Array.isArray(v)) return v.map(out);
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, out(x)]));
    return v;
  };
  const back = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(back);
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      const index = (v as { __blob?: unknown }).__blob;
      if (typeof index === 'number' && Object.keys(v).length === 1) return blobs[index];
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, back(x)]));
    }
    return v;
  };
  return back(nodeClone(out(value), options)) as T;
}

globalThis.structuredClone = keepingBlobs;
