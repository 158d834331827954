import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import type { MovePhoto, StaffMove } from '../../lib/api';
import { showAlert } from '../../lib/browser';
import { formatDateTime } from '../../lib/format';
import type { PendingPhoto } from './changeKinds';
import { useObjectUrl } from './useObjectUrl';

export const UPLOAD_ERROR = 'Error al subir la foto. Por favor, inténtalo de nuevo.';
export const NOT_AN_IMAGE = 'Solo se pueden subir imágenes.';
export const TOO_LARGE = 'La foto supera el tamaño máximo de 10 MB.';
/** The server's limit per photo; checked here too so a big file is not sent only to be refused. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export type PhotoTab = 'subir' | 'ver';

interface PhotoModalProps {
  move: StaffMove;
  initialTab: PhotoTab;
  /** Absent for a move not assigned to the worker: they only see its photos. */
  onUpload?: (file: File, descripcion: string) => Promise<boolean>;
  /** Photos taken on this device and not sent yet (issue 21). */
  pendingPhotos?: readonly PendingPhoto[];
  onClose: () => void;
}

export function PhotoModal({ move, initialTab, onUpload, pendingPhotos = [], onClose }: PhotoModalProps) {
  const [tab, setTab] = useState<PhotoTab>(onUpload ? initialTab : 'ver');
  const tabs: { key: PhotoTab; label: string }[] = [
    ...(onUpload ? [{ key: 'subir' as const, label: 'Subir foto' }] : []),
    { key: 'ver', label: `Ver fotos (${move.photos.length + pendingPhotos.length})` },
  ];

  return (
    <Modal
      title="Fotos de la mudanza"
      intro={`Mudanza #${move.id} · ${move.cliente_nombre}`}
      onClose={onClose}
      className="worker-modal worker-modal--wide"
    >
      <div className="photo-tabs" role="tablist" aria-label="Fotos">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`photo-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls="photo-panel"
            className={`photo-tabs__tab${tab === t.key ? ' is-active' : ''}`}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div id="photo-panel" role="tabpanel" aria-labelledby={`photo-tab-${tab}`}>
        {tab === 'subir' && onUpload ? (
          <UploadForm onUpload={onUpload} onUploaded={() => setTab('ver')} />
        ) : (
          <PhotoGrid photos={move.photos} pending={pendingPhotos} />
        )}
      </div>
    </Modal>
  );
}

function UploadForm({
  onUpload,
  onUploaded,
}: {
  onUpload: (file: File, descripcion: string) => Promise<boolean>;
  onUploaded: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [descripcion, setDescripcion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // `accept` only filters the picker; a dropped or forced file can still be anything (§5).
    const problem = !chosen
      ? null
      : !chosen.type.startsWith('image/')
        ? NOT_AN_IMAGE
        : chosen.size > MAX_PHOTO_BYTES
          ? TOO_LARGE
          : null;
    if (problem) {
      setFile(null);
      setError(problem);
      event.target.value = '';
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    setUploading(true);
    const uploaded = await onUpload(file, descripcion);
    setUploading(false);
    if (uploaded) onUploaded();
    else showAlert(UPLOAD_ERROR);
  };

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <div className="form__field">
        <label className="form__label" htmlFor="photo-file">
          Foto
        </label>
        {/* The native picker's button speaks the browser's language; this one always speaks Spanish.
            The real input lies on top, transparent, so clicks, keyboard and labels still reach it. */}
        <div className="photo-upload__picker">
          <input
            id="photo-file"
            className="photo-upload__input"
            type="file"
            accept="image/*"
            disabled={uploading}
            onChange={chooseFile}
          />
          <span className="button button--ghost photo-upload__button" aria-hidden="true">
            Elegir foto
          </span>
          <span className="photo-upload__filename" aria-hidden="true">
            {file ? file.name : 'Ningún archivo seleccionado'}
          </span>
        </div>
        <span className="photo-upload__hint">Imágenes JPG, PNG, GIF o WebP de hasta 10 MB.</span>
      </div>

      <div className="form__field">
        <label className="form__label" htmlFor="photo-description">
          Descripción (opcional)
        </label>
        <textarea
          id="photo-description"
          className="input photo-upload__description"
          rows={3}
          maxLength={500}
          placeholder="Por ejemplo: salón antes de desmontar"
          value={descripcion}
          disabled={uploading}
          onChange={(e) => setDescripcion(e.target.value)}
        />
      </div>

      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}

      <button type="submit" className="button button--primary button--block" disabled={!file || uploading}>
        {uploading ? 'Subiendo...' : 'Subir foto'}
      </button>
    </form>
  );
}

function PhotoGrid({ photos, pending }: { photos: MovePhoto[]; pending: readonly PendingPhoto[] }) {
  if (photos.length === 0 && pending.length === 0) {
    return <p className="photo-grid__empty">Todavía no hay fotos de esta mudanza.</p>;
  }
  return (
    <ul className="photo-grid">
      {photos.map((photo) => (
        <li key={photo.id}>
          <PhotoTile photo={photo} />
        </li>
      ))}
      {pending.map((photo) => (
        <li key={`pendiente-${photo.seq}`}>
          <PendingPhotoTile photo={photo} />
        </li>
      ))}
    </ul>
  );
}

function PendingPhotoTile({ photo }: { photo: PendingPhoto }) {
  const url = useObjectUrl(photo.foto);
  const description = photo.descripcion.trim();
  return (
    <figure className="photo-tile photo-tile--pending">
      <div className="photo-tile__frame">
        {url ? (
          <img src={url} alt={description || 'Foto de la mudanza'} />
        ) : (
          <span role="img" aria-label={description || 'Foto de la mudanza'} />
        )}
      </div>
      <figcaption>
        <span className="photo-tile__description">{description || 'Sin descripción'}</span>
        <span className="photo-tile__pending">Pendiente de enviar</span>
      </figcaption>
    </figure>
  );
}

function PhotoTile({ photo }: { photo: MovePhoto }) {
  const [failed, setFailed] = useState(false);
  const description = photo.descripcion.trim();
  return (
    <figure className="photo-tile">
      {failed ? (
        <div className="photo-tile__error" role="img" aria-label={description || 'Foto de la mudanza'}>
          Error al cargar imagen
        </div>
      ) : (
        <a href={photo.url} target="_blank" rel="noreferrer" className="photo-tile__link">
          <img
            src={photo.url}
            alt={description || 'Foto de la mudanza'}
            loading="lazy"
            onError={() => setFailed(true)}
          />
        </a>
      )}
      <figcaption>
        <span className="photo-tile__description">{description || 'Sin descripción'}</span>
        <span className="photo-tile__date">{formatDateTime(photo.fecha_subida)}</span>
      </figcaption>
    </figure>
  );
}
