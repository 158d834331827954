import { useRef, useState, type FormEvent } from 'react';
import { Field, fieldProps, RadioGroup, type RadioGroupClasses } from '../../../components/FormField';
import { errorText } from '../../../lib/api';
import {
  ANSWER_REASON_MAX,
  answerClaim,
  answerRequest,
  counterText,
  EMPTY_ANSWER,
  needsReason,
  paysBack,
  RESOLUTION_CHOICES,
  validateAnswer,
  type AnswerDraft,
  type AnswerErrors,
  type ClaimDetail,
} from '../../../lib/claims';
import '../ManagerModals.css';

const SEND_FAILED = 'No se pudo enviar la respuesta. Inténtalo de nuevo.';

const RADIOS: RadioGroupClasses = { fieldset: 'mgr-fieldset', options: 'mgr-radios', option: 'mgr-radio' };

/**
 * A manager's answer to a claim, once: accepted with the amount paid back, accepted in part (an
 * amount and why), or rejected (why). The client reads the reason in their email and their page.
 */
export function AnswerForm({ claim, onAnswered }: { claim: ClaimDetail; onAnswered: (claim: ClaimDetail) => void }) {
  const [draft, setDraft] = useState<AnswerDraft>(EMPTY_ANSWER);
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const ids = { importe: `respuesta-importe-${claim.move_id}`, motivo: `respuesta-motivo-${claim.move_id}` };

  const update = (changes: Partial<AnswerDraft>) => {
    const next = { ...draft, ...changes };
    setDraft(next);
    if (tried) setErrors(validateAnswer(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = validateAnswer(draft);
    setErrors(found);
    if (found.resolucion) return;
    if (found.importe) {
      amountRef.current?.focus();
      return;
    }
    if (found.motivo) {
      reasonRef.current?.focus();
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const response = await answerClaim(claim.move_id, answerRequest(draft));
      if (response.ok && response.body?.reclamacion) {
        onAnswered(response.body.reclamacion);
        return;
      }
      setFailure(errorText(response.body, SEND_FAILED));
    } catch {
      setFailure(SEND_FAILED);
    }
    setSending(false);
  };

  const reasonRequired = needsReason(draft.resolucion);
  return (
    <form
      className="mgr-claim-answer"
      noValidate
      aria-label={`Responder a la reclamación de la mudanza ${claim.move_id}`}
      onSubmit={(e) => void submit(e)}
    >
      <RadioGroup
        legend="Resolución"
        name={`resolucion-${claim.move_id}`}
        options={RESOLUTION_CHOICES}
        value={draft.resolucion}
        disabled={sending}
        onChange={(resolucion) => update({ resolucion })}
        classes={RADIOS}
        error={errors.resolucion}
      />

      {paysBack(draft.resolucion) && (
        <Field
          id={ids.importe}
          label="Importe a abonar (€)"
          required
          error={errors.importe}
          hint="En euros, con coma para los céntimos: 40,50"
          classes={{ field: 'mgr-claim-answer__amount' }}
        >
          <input
            {...fieldProps(ids.importe, errors.importe, { hint: true })}
            ref={amountRef}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            disabled={sending}
            value={draft.importe}
            onChange={(e) => update({ importe: e.target.value })}
          />
        </Field>
      )}

      {draft.resolucion !== '' && (
        <Field
          id={ids.motivo}
          label={reasonRequired ? 'Motivo (lo leerá el cliente)' : 'Comentario para el cliente (opcional)'}
          required={reasonRequired}
          error={errors.motivo}
          hint={counterText(draft.motivo.length, ANSWER_REASON_MAX)}
          classes={{ hint: 'form-field__hint mgr-claim-answer__counter' }}
        >
          <textarea
            {...fieldProps(ids.motivo, errors.motivo, { hint: true, required: reasonRequired })}
            ref={reasonRef}
            rows={4}
            maxLength={ANSWER_REASON_MAX}
            disabled={sending}
            value={draft.motivo}
            onChange={(e) => update({ motivo: e.target.value })}
          />
        </Field>
      )}

      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}

      <button type="submit" className="button button--primary mgr-claim-answer__submit" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar respuesta'}
      </button>
    </form>
  );
}
