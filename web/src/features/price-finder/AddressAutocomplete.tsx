import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import * as api from '../../lib/api';
import { AUTOCOMPLETE_DELAY_MS } from './calculator';
import { useDebouncedValue } from './useDebouncedValue';

interface AddressAutocompleteProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Ids of texts that describe the field (the route status). */
  describedBy?: string;
}

/**
 * An address field with suggestions (§7: asked for 1.5 s after typing stops), as an ARIA 1.2
 * combobox: arrows move through the list, Enter picks, Escape closes, the mouse works too.
 */
export function AddressAutocomplete({
  id,
  label,
  value,
  onChange,
  placeholder,
  describedBy,
}: AddressAutocompleteProps) {
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useDebouncedValue(value, AUTOCOMPLETE_DELAY_MS);
  // Suggestions are asked for what the user typed here, not for a value the page came back with
  // nor for the suggestion just picked.
  const typed = useRef(false);
  const picked = useRef<string | null>(null);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = `${id}-sugerencias`;

  useEffect(() => {
    const input = settled.trim();
    if (!typed.current || input === '' || settled === picked.current) return;
    let cancelled = false;
    api
      .fetchAutocomplete(input)
      .then((found) => {
        if (cancelled || latest.current !== settled) return;
        setSuggestions(found);
        setActive(-1);
        // Suggestions arriving after the user moved to another field wait until they come back.
        setOpen(found.length > 0 && document.activeElement === inputRef.current);
      })
      .catch(() => {
        // No suggestions is not an error: the user can type the whole address.
        if (!cancelled) setSuggestions([]);
      });
    return () => {
      cancelled = true;
    };
  }, [settled]);

  const pick = (suggestion: string) => {
    picked.current = suggestion;
    onChange(suggestion);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const expanded = open && suggestions.length > 0;

  return (
    <div className="form__field pf-autocomplete">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          typed.current = true;
          picked.current = null;
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={`Sugerencias: ${label}`}
        className="pf-autocomplete__list"
        hidden={!expanded}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`pf-autocomplete__option${index === active ? ' is-active' : ''}`}
            // mousedown, not click: the input's blur would close the list before the click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(suggestion);
            }}
          >
            {suggestion}
          </li>
        ))}
      </ul>
      <span className="sr-only" aria-live="polite">
        {expanded ? `${suggestions.length} direcciones sugeridas; usa las flechas para elegir.` : ''}
      </span>
    </div>
  );
}
