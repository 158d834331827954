import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/Badge';
import { Field, fieldProps, RadioGroup, Select, type RadioGroupClasses } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { Stars, StarsInput } from '../../../components/Stars';
import { errorText, submitReview, type ClientMove } from '../../../lib/api';
import { formatLongDate } from '../../../lib/format';
import { useClientMovesStore } from '../useClientMovesStore';
import {
  counterText,
  EMPTY_DRAFT,
  REVIEW_FIELDS,
  REVIEW_STATE_LABELS,
  REVIEW_STATE_TONES,
  reviewRequest,
  reviewStateText,
  TEXT_MAX,
  TITLE_MAX,
  validateReview,
  type ReviewDraft,
  type ReviewField,
} from './ownReviews';
import { useOwnReviewsStore } from './useOwnReviewsStore';
import './reviews.css';

const SEND_FAILED = 'No se pudo enviar tu opinión. Inténtalo de nuevo.';

const IDS = {
  move: 'opinion-mudanza',
  rating: 'opinion-estrellas',
  titulo: 'opinion-titulo',
  texto: 'opinion-texto',
  recomendaria: 'opinion-recomienda',
} as const;

const YES_NO = [
  { value: 'si', label: 'Sí' },
  { value: 'no', label: 'No' },
] as const;

const RADIOS: RadioGroupClasses = {
  fieldset: 'review-form__choice',
  legend: 'form__label',
  options: 'review-form__options',
  option: 'review-form__option',
  checked: 'is-checked',
};

/** 'la mudanza nº 7 del 21 de noviembre de 2026', or without its date while the moves load. */
export function moveName(id: number, move: ClientMove | undefined): string {
  // 'nº' and its number stay on one line.
  const number = `nº\u00a0${id}`;
  return move?.date ? `la mudanza ${number} del ${formatLongDate(move.date)}` : `la mudanza ${number}`;
}

interface ReviewFormProps {
  /** The move the address names (?valorar=N). */
  moveId: number;
  /** Another of the moves that await a review was chosen. */
  onChooseMove: (id: number) => void;
  onClose: () => void;
}

/**
 * The review of a finished move: 1 to 5 stars, a title, a text and whether they would recommend
 * us. It opens for the move the address names; a move already rated shows its review instead,
 * and one that cannot be rated says why.
 */
export function ReviewForm({ moveId, onChooseMove, onClose }: ReviewFormProps) {
  const loaded = useOwnReviewsStore((s) => s.loaded);
  const awaiting = useOwnReviewsStore((s) => s.awaiting);
  const own = useOwnReviewsStore((s) => s.reviews.find((r) => r.mudanza_id === moveId));
  const moves = useClientMovesStore((s) => s.moves);
  // Kept after sending: the thanks stay on show although the move no longer awaits a review.
  const [sent, setSent] = useState(false);
  const move = moves.find((m) => m.id === moveId);

  if (!loaded) {
    return (
      <Modal title="Valora tu mudanza" onClose={onClose} className="review-modal">
        <p role="status">Cargando...</p>
      </Modal>
    );
  }

  if (own) {
    return (
      <Modal
        title={sent ? '¡Gracias por tu opinión!' : 'Ya has valorado esta mudanza'}
        intro={`Tu opinión sobre ${moveName(moveId, move)}.`}
        onClose={onClose}
        className="review-modal"
      >
        <div className="review-own">
          <Stars rating={own.rating} />
          <p className="review-own__title">{own.titulo}</p>
          <p className="review-own__text">{own.texto}</p>
          <p className="review-own__state">
            <Badge look="client" tone={REVIEW_STATE_TONES[own.estado]}>
              {REVIEW_STATE_LABELS[own.estado]}
            </Badge>{' '}
            {reviewStateText(own)}
          </p>
        </div>
        <button type="button" className="button button--primary button--block" onClick={onClose}>
          Cerrar
        </button>
      </Modal>
    );
  }

  if (!awaiting.includes(moveId)) {
    return (
      <Modal title="Valora tu mudanza" onClose={onClose} className="review-modal">
        <p className="review-form__notice">
          {awaiting.length > 0
            ? `Todavía no puedes valorar ${moveName(moveId, move)}: podrás hacerlo cuando haya terminado.`
            : `Todavía no puedes valorar ${moveName(moveId, move)}: podrás hacerlo cuando haya terminado. Mientras, puedes leer lo que opinan otros clientes.`}
        </p>
        <div className="review-form__actions">
          {awaiting.length > 0 ? (
            <button type="button" className="button button--primary" onClick={() => onChooseMove(awaiting[0]!)}>
              Valorar{' '}
              {moveName(
                awaiting[0]!,
                moves.find((m) => m.id === awaiting[0]),
              )}
            </button>
          ) : (
            <Link to="/opiniones" className="button button--primary">
              Ver opiniones
            </Link>
          )}
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cerrar
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <ReviewDraftForm
      key={moveId}
      moveId={moveId}
      move={move}
      awaiting={awaiting}
      moves={moves}
      onChooseMove={onChooseMove}
      onSent={() => setSent(true)}
      onClose={onClose}
    />
  );
}

function ReviewDraftForm({
  moveId,
  move,
  awaiting,
  moves,
  onChooseMove,
  onSent,
  onClose,
}: {
  moveId: number;
  move: ClientMove | undefined;
  awaiting: readonly number[];
  moves: readonly ClientMove[];
  onChooseMove: (id: number) => void;
  onSent: () => void;
  onClose: () => void;
}) {
  const added = useOwnReviewsStore((s) => s.added);
  const reload = useOwnReviewsStore((s) => s.load);
  const [draft, setDraft] = useState<ReviewDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<Partial<Record<ReviewField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const update = <K extends keyof ReviewDraft>(field: K, value: ReviewDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    // A corrected field loses its error at once; the others keep theirs until the next try.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusField = (field: ReviewField) => {
    const form = formRef.current;
    const target =
      field === 'rating' || field === 'recomendaria'
        ? form?.querySelector<HTMLElement>(`input[name="${IDS[field]}"]`)
        : form?.querySelector<HTMLElement>(`#${IDS[field]}`);
    target?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateReview(draft);
    setErrors(found);
    const first = REVIEW_FIELDS.find((f) => found[f]);
    if (first) {
      setAlert('Revisa los campos marcados.');
      focusField(first);
      return;
    }
    setAlert(null);
    setSending(true);
    try {
      const response = await submitReview(moveId, reviewRequest(draft));
      const body = response.body;
      if (response.ok && body?.opinion) {
        onSent();
        added(body.opinion);
        return;
      }
      setAlert(errorText(body, SEND_FAILED));
      // Rated meanwhile (another tab) or no longer to be rated: what the page shows must follow.
      if (response.status === 409) void reload();
    } catch {
      setAlert(SEND_FAILED);
    }
    setSending(false);
  };

  const options = awaiting.map((id) => {
    const m = moves.find((x) => x.id === id);
    return { value: String(id), label: m?.date ? `Nº ${id}, del ${formatLongDate(m.date)}` : `Nº ${id}` };
  });

  return (
    <Modal
      title="Valora tu mudanza"
      intro={`Cuéntanos qué tal fue ${moveName(moveId, move)}. Publicaremos tu opinión tras revisarla.`}
      onClose={onClose}
      className="review-modal"
    >
      <form ref={formRef} className="review-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Tu opinión">
        <fieldset className="review-form__fields" disabled={sending}>
          <legend className="sr-only">Tu opinión</legend>
          {awaiting.length > 1 && (
            <Select
              id={IDS.move}
              label="Mudanza que valoras"
              value={String(moveId)}
              options={options}
              className="input form-field__select"
              onChange={(value) => onChooseMove(Number(value))}
            />
          )}

          <StarsInput
            legend="Tu valoración"
            name={IDS.rating}
            value={draft.rating}
            onChange={(rating) => update('rating', rating)}
            error={errors.rating}
          />

          <Field
            id={IDS.titulo}
            label="Título"
            required
            error={errors.titulo}
            hint={counterText(draft.titulo.length, TITLE_MAX)}
            classes={{ hint: 'form-field__hint review-form__counter' }}
          >
            <input
              {...fieldProps(IDS.titulo, errors.titulo, { hint: true })}
              maxLength={TITLE_MAX}
              placeholder="Ej.: Rápidos y cuidadosos"
              value={draft.titulo}
              onChange={(e) => update('titulo', e.target.value)}
            />
          </Field>

          <Field
            id={IDS.texto}
            label="Tu opinión"
            required
            error={errors.texto}
            hint={counterText(draft.texto.length, TEXT_MAX)}
            classes={{ hint: 'form-field__hint review-form__counter' }}
          >
            <textarea
              {...fieldProps(IDS.texto, errors.texto, { hint: true })}
              rows={5}
              maxLength={TEXT_MAX}
              value={draft.texto}
              onChange={(e) => update('texto', e.target.value)}
            />
          </Field>

          <RadioGroup
            legend="¿Nos recomendarías?"
            name={IDS.recomendaria}
            options={YES_NO}
            value={draft.recomendaria === null ? '' : draft.recomendaria ? 'si' : 'no'}
            onChange={(value) => update('recomendaria', value === 'si')}
            classes={RADIOS}
            error={errors.recomendaria}
          />
        </fieldset>

        {alert && (
          <p className="form__error" role="alert">
            {alert}
          </p>
        )}

        <button type="submit" className="button button--primary button--block" disabled={sending}>
          {sending ? 'Enviando...' : 'Enviar opinión'}
        </button>
      </form>
    </Modal>
  );
}
