import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field, fieldProps } from '../../../components/FormField';
import { errorText, NetworkError } from '../../../lib/api';
import {
  addPhotos,
  CLAIM_PHOTOS_MAX,
  CLAIM_TEXT_MAX,
  counterText,
  openClaim,
  ownClaimPage,
  validateClaim,
  type ClaimErrors,
  type ClaimObject,
  type OwnClaimPage,
} from '../../../lib/claims';

const SEND_FAILED = 'No se pudo enviar la reclamación. Inténtalo de nuevo.';
const OFFLINE = 'No hay conexión: comprueba tu red y vuelve a enviar la reclamación.';

const IDS = { objetos: 'reclamacion-objetos', texto: 'reclamacion-texto', fotos: 'reclamacion-fotos' } as const;

interface ClaimFormProps {
  moveId: number;
  objetos: readonly ClaimObject[];
  /** The page as the server answered the claim: it now has the claim. */
  onOpened: (page: OwnClaimPage) => void;
}

/** The client's claim: which objects, what happened (up to 2000 characters) and up to 5 photos. */
export function ClaimForm({ moveId, objetos, onOpened }: ClaimFormProps) {
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const [texto, setTexto] = useState('');
  const [fotos, setFotos] = useState<readonly File[]>([]);
  const [errors, setErrors] = useState<ClaimErrors>({});
  // Set once a send was tried: from then on the fields say what they need as they change.
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const firstObject = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);

  const recheck = (next: { objetos?: readonly string[]; texto?: string }) => {
    if (!tried) return;
    const found = validateClaim({ objetos: next.objetos ?? chosen, texto: next.texto ?? texto, fotos });
    setErrors((e) => ({ ...found, fotos: e.fotos }));
  };

  const toggle = (id: string, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((c) => c !== id);
    setChosen(next);
    recheck({ objetos: next });
  };

  const pick = (files: FileList | null) => {
    const { fotos: next, error } = addPhotos(fotos, files ? Array.from(files) : []);
    setFotos(next);
    setErrors((e) => ({ ...e, fotos: error }));
    // The same file may be chosen again after removing it.
    if (fileInput.current) fileInput.current.value = '';
  };

  const remove = (index: number) => {
    setFotos((current) => current.filter((_, i) => i !== index));
    setErrors((e) => ({ ...e, fotos: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = validateClaim({ objetos: chosen, texto, fotos });
    setErrors(found);
    if (found.objetos) {
      firstObject.current?.focus();
      return;
    }
    if (found.texto) {
      textArea.current?.focus();
      return;
    }
    if (found.fotos) return;
    setSending(true);
    setFailure(null);
    try {
      const response = await openClaim(moveId, { objetos: chosen, texto, fotos });
      const page = ownClaimPage(response);
      if (page?.reclamacion) {
        onOpened(page);
        return;
      }
      setFailure(errorText(response.body, SEND_FAILED));
    } catch (error) {
      setFailure(error instanceof NetworkError ? OFFLINE : SEND_FAILED);
    }
    setSending(false);
  };

  return (
    <form className="claim-form" noValidate aria-label="Abrir una reclamación" onSubmit={(e) => void submit(e)}>
      <fieldset
        className="claim-form__objects"
        aria-describedby={errors.objetos ? `${IDS.objetos}-error` : undefined}
        aria-invalid={errors.objetos ? true : undefined}
      >
        <legend className="form__label">
          ¿Qué objetos han sufrido daños?
          <span className="form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <ul className="claim-form__choices">
          {objetos.map((o, index) => (
            <li key={o.id}>
              <label className="claim-form__choice">
                <input
                  ref={index === 0 ? firstObject : undefined}
                  type="checkbox"
                  name="objetos"
                  value={o.id}
                  checked={chosen.includes(o.id)}
                  disabled={sending}
                  onChange={(e) => toggle(o.id, e.target.checked)}
                />
                <span>{o.nombre}</span>
              </label>
            </li>
          ))}
        </ul>
        {errors.objetos && (
          <p id={`${IDS.objetos}-error`} className="form-field__error">
            {errors.objetos}
          </p>
        )}
      </fieldset>

      <Field
        id={IDS.texto}
        label="Descripción"
        required
        error={errors.texto}
        hint={counterText(texto.length, CLAIM_TEXT_MAX)}
        classes={{ hint: 'form-field__hint claim-form__counter' }}
      >
        <textarea
          {...fieldProps(IDS.texto, errors.texto, { hint: true })}
          ref={textArea}
          rows={5}
          maxLength={CLAIM_TEXT_MAX}
          placeholder="Cuéntanos qué ha pasado: qué daño tiene cada objeto y cuándo lo viste."
          disabled={sending}
          value={texto}
          onChange={(e) => {
            setTexto(e.target.value);
            recheck({ texto: e.target.value });
          }}
        />
      </Field>

      <div className="form__field">
        <label className="form__label" htmlFor={IDS.fotos}>
          Fotos (opcional, hasta {CLAIM_PHOTOS_MAX})
        </label>
        <div className="claim-form__picker">
          {/* The native control reads in the browser's language and cannot be styled: it stays
              in the page for the keyboard and screen readers, and its second label is the button. */}
          <input
            ref={fileInput}
            id={IDS.fotos}
            className="claim-form__file"
            type="file"
            accept="image/*"
            multiple
            disabled={sending || fotos.length >= CLAIM_PHOTOS_MAX}
            aria-describedby={[`${IDS.fotos}-hint`, errors.fotos ? `${IDS.fotos}-error` : null]
              .filter(Boolean)
              .join(' ')}
            onChange={(e) => pick(e.target.files)}
          />
          <label htmlFor={IDS.fotos} className="button button--outline claim-form__add">
            Añadir fotos
          </label>
        </div>
        <p id={`${IDS.fotos}-hint`} className="form-field__hint">
          Imágenes JPEG, PNG, GIF o WebP de hasta 10 MB cada una. {fotos.length} de {CLAIM_PHOTOS_MAX} añadidas.
        </p>
        {errors.fotos && (
          <p id={`${IDS.fotos}-error`} className="form-field__error" role="alert">
            {errors.fotos}
          </p>
        )}
        {fotos.length > 0 && (
          <ul className="claim-form__previews" aria-label="Fotos añadidas">
            {fotos.map((file, index) => (
              <PhotoPreview
                key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
                file={file}
                index={index}
                disabled={sending}
                onRemove={() => remove(index)}
              />
            ))}
          </ul>
        )}
      </div>

      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}

      <button type="submit" className="button button--primary claim-form__submit" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar reclamación'}
      </button>
    </form>
  );
}

function PhotoPreview({
  file,
  index,
  disabled,
  onRemove,
}: {
  file: File;
  index: number;
  disabled: boolean;
  onRemove: () => void;
}) {
  const url = useObjectUrl(file);
  return (
    <li className="claim-form__preview">
      {url ? <img src={url} alt={`Foto ${index + 1}: ${file.name}`} /> : <span>{file.name}</span>}
      <button type="button" className="claim-form__remove" disabled={disabled} onClick={onRemove}>
        Quitar <span className="sr-only">la foto {index + 1}</span>
      </button>
    </li>
  );
}

/** A chosen file as a URL for its preview, for as long as it is shown. */
function useObjectUrl(file: Blob): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // jsdom has no object URLs: the preview then shows the file's name.
    if (typeof URL.createObjectURL !== 'function') return undefined;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
