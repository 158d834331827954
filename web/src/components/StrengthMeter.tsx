import { passwordStrength, strengthLabel } from '../lib/validation';
import './StrengthMeter.css';

/** §5: 0-5 points, one bar each, with the level's word. */
export function StrengthMeter({ id, password }: { id: string; password: string }) {
  const score = passwordStrength(password);
  const label = strengthLabel(score);
  return (
    <div
      className={`strength strength--${score}`}
      id={id}
      role="meter"
      aria-label="Seguridad de la contraseña"
      aria-valuemin={0}
      aria-valuemax={5}
      aria-valuenow={score}
      aria-valuetext={`${label} (${score} de 5)`}
    >
      <div className="strength__bars" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={`strength__bar${n <= score ? ' is-on' : ''}`} />
        ))}
      </div>
      <p className="strength__label" aria-hidden="true">
        Seguridad: <strong>{label}</strong>
      </p>
    </div>
  );
}
