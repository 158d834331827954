import { useEffect, useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';

export const CODE_LENGTH = 6;
/** §9: verification fires by itself this long after the sixth digit is typed… */
export const AUTO_VERIFY_MS = 200;
/** …or after a whole code is pasted. */
export const AUTO_VERIFY_PASTE_MS = 300;

export const EMPTY_CODE: readonly string[] = Array.from({ length: CODE_LENGTH }, () => '');

export interface CodeInputHandle {
  focusFirst: () => void;
}

interface CodeInputProps {
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  /** Called with the six digits once they have stood still for the auto-verify delay. */
  onComplete: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Id of the text (error, countdown) that describes the code. */
  describedBy?: string;
  ref?: Ref<CodeInputHandle>;
}

const isComplete = (digits: readonly string[]) => digits.every((d) => /^\d$/.test(d));

/**
 * Six one-digit boxes (§2 'Confirm email'): typing moves forward, Backspace moves back, pasting
 * (or the phone's one-time-code autofill) spreads the digits over the boxes.
 */
export function CodeInput({ digits, onChange, onComplete, disabled, invalid, describedBy, ref }: CodeInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const timer = useRef<number | undefined>(undefined);
  const onCompleteRef = useRef(onComplete);
  useEffect(() => {
    onCompleteRef.current = onComplete;
  }, [onComplete]);

  useImperativeHandle(ref, () => ({ focusFirst: () => inputs.current[0]?.focus() }), []);

  // Digits cleared or changed from outside (an error, a resend) cancel a pending verification.
  useEffect(() => {
    if (!isComplete(digits)) window.clearTimeout(timer.current);
  }, [digits]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const focus = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    input?.focus();
    input?.select();
  };

  const commit = (next: string[], delay: number) => {
    window.clearTimeout(timer.current);
    onChange(next);
    if (isComplete(next)) {
      const code = next.join('');
      timer.current = window.setTimeout(() => onCompleteRef.current(code), delay);
    }
  };

  /** Writes `chars` into the boxes from `start` on; a full code always fills from the first box. */
  const spread = (start: number, chars: string) => {
    const from = chars.length >= CODE_LENGTH ? 0 : start;
    const next = [...digits];
    const usable = chars.slice(0, CODE_LENGTH - from);
    for (let i = 0; i < usable.length; i += 1) next[from + i] = usable[i]!;
    commit(next, AUTO_VERIFY_PASTE_MS);
    focus(from + usable.length);
  };

  const handleChange = (index: number, raw: string) => {
    const chars = raw.replace(/\D/g, '');
    if (chars === '') {
      if (raw === '')
        commit(
          digits.map((d, i) => (i === index ? '' : d)),
          AUTO_VERIFY_MS,
        );
      return;
    }
    if (chars.length > 1) {
      // A box that held a digit receives the old and the new one; keep the new.
      if (chars.length === 2 && digits[index] !== '' && chars.includes(digits[index]!)) {
        const typed = chars[0] === digits[index] ? chars[1]! : chars[0]!;
        commit(
          digits.map((d, i) => (i === index ? typed : d)),
          AUTO_VERIFY_MS,
        );
        focus(index + 1);
        return;
      }
      spread(index, chars);
      return;
    }
    commit(
      digits.map((d, i) => (i === index ? chars : d)),
      AUTO_VERIFY_MS,
    );
    if (index < CODE_LENGTH - 1) focus(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && digits[index] === '' && index > 0) {
      event.preventDefault();
      commit(
        digits.map((d, i) => (i === index - 1 ? '' : d)),
        AUTO_VERIFY_MS,
      );
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const chars = event.clipboardData.getData('text').replace(/\D/g, '');
    if (chars !== '') spread(index, chars);
  };

  return (
    <div className={`code-input${invalid ? ' code-input--invalid' : ''}`}>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            inputs.current[index] = el;
          }}
          className="code-input__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Dígito ${index + 1}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={digit}
          disabled={disabled}
          onChange={(e) => handleChange(index, e.target.value)}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onPaste={(e) => handlePaste(index, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
