import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { iconBase } from './icons';
import './InfoTip.css';

interface InfoTipProps {
  /** The button's accessible name, e.g. 'Cómo se calcula: Total pagado'. */
  label: string;
  /** The explanation: the button's description (aria-describedby), shown in the bubble. */
  children: ReactNode;
}

/**
 * An ⓘ button whose explanation shows on hover, on keyboard focus and on a tap, and closes with
 * Escape, a second tap or a tap elsewhere (WCAG 1.4.13: dismissable, hoverable, persistent). A
 * tap both focuses and clicks, so a click only pins what focus opened; only a click on a pinned
 * tip closes it. The bubble is placed against the nearest positioned ancestor (the card it explains),
 * so on a phone it never runs off the screen; `--info-tip-left`, `--info-tip-right` and
 * `--info-tip-width` move it.
 */
export function InfoTip({ label, children }: InfoTipProps) {
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [pinned, setPinned] = useState(false);

  const close = () => {
    setOpen(false);
    setPinned(false);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <span
      ref={wrapper}
      className="info-tip"
      onPointerEnter={(event) => event.pointerType === 'mouse' && setOpen(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && !pinned && setOpen(false)}
    >
      <button
        type="button"
        className="info-tip__button"
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={(event) => {
          if (!wrapper.current?.contains(event.relatedTarget as Node | null)) close();
        }}
        onClick={() => {
          if (open && pinned) close();
          else {
            setOpen(true);
            setPinned(true);
          }
        }}
      >
        <svg {...iconBase} width={18} height={18}>
          <circle cx="12" cy="12" r="10" />
          <path d="M12 16v-5M12 8h.01" />
        </svg>
      </button>
      <span id={id} role="tooltip" className="info-tip__bubble" hidden={!open}>
        {children}
      </span>
    </span>
  );
}
