import type { ReactNode } from 'react';
import { SessionPanel } from './SessionPanel';
import { LiveIndicator } from './LiveIndicator';
import { Logo } from './Logo';
import './StaffDashboard.css';

// What the staff dashboards (worker and manager) share: the hero with the session and the live
// indicator, and the stat cards. Each page keeps its own class prefix (worker-, mgr-), so its own
// stylesheet still says what differs; StaffDashboard.css holds what is the same.

export type StaffPrefix = 'worker' | 'mgr';

interface StaffHeroProps {
  prefix: StaffPrefix;
  title: string;
  subtitle: string;
  /** Class of the block holding the title, the subtitle and `children`. */
  textClassName?: string;
  /** Shown below the subtitle (the manager's create button). */
  children?: ReactNode;
}

export function StaffHero({ prefix, title, subtitle, textClassName, children }: StaffHeroProps) {
  return (
    <header className={`${prefix}-hero`}>
      <div className={`container ${prefix}-hero__inner`}>
        <div className={`${prefix}-hero__top`}>
          <Logo inverted />
          <LiveIndicator />
        </div>
        <div className={`${prefix}-hero__main`}>
          <div className={textClassName}>
            <h1 className={`${prefix}-hero__title`}>{title}</h1>
            <p className={`${prefix}-hero__subtitle`}>{subtitle}</p>
            {children}
          </div>
          <SessionPanel />
        </div>
      </div>
    </header>
  );
}

export interface StatCard {
  label: string;
  value: ReactNode;
  /** primary, success, info or warning: the colour of the card's top border (and icon). */
  tone: string;
  icon?: ReactNode;
}

export function StatCards({
  prefix,
  label,
  cards,
}: {
  prefix: StaffPrefix;
  label: string;
  cards: readonly StatCard[];
}) {
  return (
    <section aria-label={label} className={`${prefix}-stats`}>
      {cards.map((card) => (
        <div key={card.label} className={`${prefix}-stat ${prefix}-stat--${card.tone}`}>
          {card.icon && (
            <span className={`${prefix}-stat__icon`} aria-hidden="true">
              {card.icon}
            </span>
          )}
          <span className={`${prefix}-stat__label`}>{card.label}</span>
          <span className={`${prefix}-stat__value`}>{card.value}</span>
        </div>
      ))}
    </section>
  );
}

interface FilterButtonsProps<K extends string> {
  /** The bar's class; each button gets `${className}__button` and `is-active` when chosen. */
  className: string;
  label: string;
  options: readonly { key: K; label: string }[];
  value: K;
  onChange: (key: K) => void;
  /** Shown after an option's label (the manager's counts). */
  extra?: (key: K) => ReactNode;
}

/** A segmented bar of toggle buttons, one chosen at a time (status filters, analytics period). */
export function FilterButtons<K extends string>({
  className,
  label,
  options,
  value,
  onChange,
  extra,
}: FilterButtonsProps<K>) {
  return (
    <div className={className} role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          className={`${className}__button${value === o.key ? ' is-active' : ''}`}
          aria-pressed={value === o.key}
          onClick={() => onChange(o.key)}
        >
          {o.label}
          {extra?.(o.key)}
        </button>
      ))}
    </div>
  );
}
