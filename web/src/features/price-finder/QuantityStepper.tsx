import { MinusIcon, PlusIcon } from '../../components/icons';

interface QuantityStepperProps {
  /** What is counted, for the buttons' names ('Sofá de 3 plazas'). */
  name: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

/** − n + buttons; the count is announced as it changes. */
export function QuantityStepper({ name, value, min, max, onChange }: QuantityStepperProps) {
  return (
    <span className="pf-stepper" role="group" aria-label={`Cantidad: ${name}`}>
      <button
        type="button"
        className="pf-stepper__button"
        aria-label={`Quitar uno: ${name}`}
        disabled={value <= min}
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon width={16} height={16} />
      </button>
      <output className="pf-stepper__value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="pf-stepper__button"
        aria-label={`Añadir uno: ${name}`}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon width={16} height={16} />
      </button>
    </span>
  );
}
