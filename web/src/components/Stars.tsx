// A rating of 1 to 5 stars, shown (reviews, the moderation list, a client's own review) and
// chosen (the review form). Both say it in words for screen readers: five drawn shapes read as
// nothing, or as five separate images.
import './FormField.css';
import './Stars.css';

export const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** '4 de 5 estrellas'. */
export function starsLabel(rating: number): string {
  return `${rating} de 5 estrellas`;
}

/** What each choice means, said beside the stars as they are chosen. */
export const RATING_WORDS: Record<number, string> = {
  1: 'Mala',
  2: 'Regular',
  3: 'Buena',
  4: 'Muy buena',
  5: 'Excelente',
};

function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Five stars drawn, one sentence read: '4 de 5 estrellas'. */
export function Stars({ rating, size = 18 }: { rating: number; size?: number }) {
  return (
    <span className="stars" role="img" aria-label={starsLabel(rating)}>
      {STAR_VALUES.map((n) => (
        <Star key={n} filled={n <= rating} size={size} />
      ))}
    </span>
  );
}

interface StarsInputProps {
  /** Names the radio group (its legend). */
  legend: string;
  name: string;
  /** 0 while nothing is chosen. */
  value: number;
  onChange: (rating: number) => void;
  /** Shown under the stars and describing the group, like a field's error. */
  error?: string;
  disabled?: boolean;
}

/**
 * The rating as a group of five radio buttons drawn as stars: arrow keys move between them, as
 * in any radio group, and each star is a 44 px target for a finger.
 */
export function StarsInput({ legend, name, value, onChange, error, disabled }: StarsInputProps) {
  const errorId = error ? `${name}-error` : undefined;
  return (
    <fieldset
      className="stars-input"
      aria-describedby={errorId}
      aria-invalid={errorId ? true : undefined}
      disabled={disabled}
    >
      <legend className="form__label">
        {legend}
        <span className="form-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="stars-input__row">
        <span className="stars-input__options">
          {STAR_VALUES.map((n) => (
            <label key={n} className={`stars-input__option${n <= value ? ' is-on' : ''}`}>
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                aria-label={n === 1 ? '1 estrella' : `${n} estrellas`}
                onChange={() => onChange(n)}
              />
              <Star filled={n <= value} size={32} />
            </label>
          ))}
        </span>
        <span className="stars-input__words" aria-hidden="true">
          {value > 0 ? RATING_WORDS[value] : 'Elige de 1 a 5 estrellas'}
        </span>
      </div>
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
