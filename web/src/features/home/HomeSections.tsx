import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { COMPANY_PHONE, COMPANY_PHONE_HREF } from '../../lib/company';
import { usePublishedReviews } from '../../lib/usePublishedReviews';
import { useIntersectionLevel, useSeenOnce } from '../../lib/useIntersection';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import {
  BANNER_THRESHOLDS,
  formatStatistic,
  METRIC_FEEDBACK_MS,
  METRIC_STEP_MS,
  metrics,
  type Metric,
  REASON_STEP_MS,
  REASONS,
  SERVICES,
  STATISTICS,
} from './homeContent';
import { HomeIcon } from './homeIcons';
import { useStaggered } from './useStaggered';

export function Services() {
  return (
    <section className="home-section" aria-labelledby="home-services-title">
      <div className="container">
        <div className="home-section__header">
          <p className="home-section__eyebrow">Servicios</p>
          <h2 id="home-services-title" className="home-section__title">
            Todo lo que necesitas para tu mudanza
          </h2>
        </div>
        <ul className="home-services">
          {SERVICES.map((service) => (
            <li key={service.title} className="home-service">
              <span className={`home-service__icon home-service__icon--${service.icon}`}>
                <HomeIcon name={service.icon} size={26} />
              </span>
              <h3 className="home-service__title">{service.title}</h3>
              <p className="home-service__text">{service.text}</p>
              {/* The link covers the whole card (::after), so the card is one target, not two. */}
              <Link to={service.to} className="home-service__link">
                {service.action}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

interface BannerProps {
  id: string;
  image: string;
  eyebrow: string;
  title: string;
  text: string;
  to: string;
  action: string;
  tone: 'blue' | 'dark';
}

/**
 * §1's banners that expand on scroll: they grow a step at each of the visible shares 0.2, 0.3,
 * 0.4 and 0.7, and shrink again as they leave.
 */
export function ExpandingBanner({ id, image, eyebrow, title, text, to, action, tone }: BannerProps) {
  const ref = useRef<HTMLElement>(null);
  const level = useIntersectionLevel(ref, BANNER_THRESHOLDS);
  return (
    <section
      ref={ref}
      className={`home-banner home-banner--${tone}`}
      aria-labelledby={`${id}-title`}
      data-expansion={level}
      style={{ '--expansion': level / BANNER_THRESHOLDS.length } as CSSProperties}
    >
      <div className="home-banner__card">
        <div className="home-banner__body">
          <p className="home-banner__eyebrow">{eyebrow}</p>
          <h2 id={`${id}-title`} className="home-banner__title">
            {title}
          </h2>
          <p className="home-banner__text">{text}</p>
          <Link to={to} className="button home-banner__action">
            {action}
          </Link>
        </div>
        <img className="home-banner__image" src={image} alt="" width={800} height={600} loading="lazy" />
      </div>
    </section>
  );
}

export function StatisticsStrip() {
  return (
    <section className="home-stats" aria-label="La empresa en cifras">
      <dl className="container home-stats__list">
        {STATISTICS.map((stat) => (
          <div key={stat.label} className="home-stats__item">
            <dt className="home-stats__label">{stat.label}</dt>
            <dd className="home-stats__value">{formatStatistic(stat)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Cards that appear one by one once their section is in view (or all at once, reduced motion). */
function useRevealed(total: number, stepMs: number) {
  const ref = useRef<HTMLElement>(null);
  const reduced = usePrefersReducedMotion();
  const seen = useSeenOnce(ref);
  const shown = useStaggered(total, stepMs, seen, reduced);
  return { ref, shown };
}

export function Reasons() {
  const { ref, shown } = useRevealed(REASONS.length, REASON_STEP_MS);
  const [selected, setSelected] = useState<string | null>(null);
  const reason = REASONS.find((r) => r.title === selected);
  return (
    <section ref={ref} className="home-section home-section--tinted" aria-labelledby="home-reasons-title">
      <div className="container">
        <div className="home-section__header">
          <p className="home-section__eyebrow">Por qué elegirnos</p>
          <h2 id="home-reasons-title" className="home-section__title">
            Seis motivos para confiarnos tu mudanza
          </h2>
          <p className="home-section__lead">Pulsa el que más te importa.</p>
        </div>
        <ul className="home-reasons">
          {REASONS.map((r, i) => (
            <li key={r.title} className={`home-reveal${i < shown ? ' is-shown' : ''}`} data-shown={i < shown}>
              <button
                type="button"
                className="home-reason"
                aria-pressed={selected === r.title}
                onClick={() => setSelected(r.title)}
              >
                <span className="home-reason__icon">
                  <HomeIcon name="check" size={20} />
                </span>
                <span className="home-reason__title">{r.title}</span>
                <span className="home-reason__text">{r.text}</span>
              </button>
            </li>
          ))}
        </ul>
        <p className="home-feedback" role="status">
          {reason ? `Has elegido «${reason.title}». Es uno de nuestros compromisos en cada mudanza.` : ''}
        </p>
      </div>
    </section>
  );
}

export function Metrics() {
  const { status, stats } = usePublishedReviews({ refresh: false });
  const shownMetrics = metrics(status === 'ready' ? stats : null, status === 'error');
  const { ref, shown } = useRevealed(shownMetrics.length, METRIC_STEP_MS);
  // The id, not the metric: a figure read after the click still shows its final value.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = shownMetrics.find((m) => m.id === selectedId) ?? null;
  // Each click restarts the 2 s: the key changes even when the same card is clicked again.
  const [feedback, setFeedback] = useState<{ text: string; key: number } | null>(null);
  useEffect(() => {
    if (!feedback) return undefined;
    const timer = window.setTimeout(() => setFeedback(null), METRIC_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [feedback]);

  const choose = (metric: Metric) => {
    setSelectedId(metric.id);
    setFeedback((f) => ({ text: `Métrica seleccionada: ${metric.label}`, key: (f?.key ?? 0) + 1 }));
  };

  return (
    <section ref={ref} className="home-section" aria-labelledby="home-metrics-title">
      <div className="container">
        <div className="home-section__header">
          <p className="home-section__eyebrow">Datos que publicamos</p>
          <h2 id="home-metrics-title" className="home-section__title">
            Métricas del Sistema
          </h2>
        </div>
        <ul className="home-metrics">
          {shownMetrics.map((metric, i) => (
            <li key={metric.id} className={`home-reveal${i < shown ? ' is-shown' : ''}`} data-shown={i < shown}>
              <button
                type="button"
                className="home-metric"
                aria-pressed={selected?.id === metric.id}
                onClick={() => choose(metric)}
              >
                <span className="home-metric__value">{metric.value}</span>
                <span className="home-metric__label">{metric.label}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="home-metrics__selected" aria-live="polite">
          {selected ? (
            <p>
              <strong>
                {selected.label}: {selected.value}.
              </strong>{' '}
              {selected.detail}
            </p>
          ) : (
            <p>Pulsa una métrica para ver su detalle.</p>
          )}
        </div>
        <div className="home-toast-region" role="status">
          {feedback && (
            <p key={feedback.key} className="home-toast">
              <HomeIcon name="check" size={18} />
              {feedback.text}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

export function Doubts() {
  return (
    <section className="home-section home-doubts" aria-labelledby="home-doubts-title">
      <div className="container home-doubts__inner">
        <div>
          <h2 id="home-doubts-title" className="home-doubts__title">
            ¿Tienes dudas?
          </h2>
          <p className="home-doubts__text">
            Cuánto antes reservar, cómo cambiar la fecha, qué cubre el seguro… Lo hemos reunido todo en las preguntas
            frecuentes. Y si prefieres hablar con nosotros, llámanos al{' '}
            <a href={COMPANY_PHONE_HREF} className="home-doubts__phone">
              {COMPANY_PHONE}
            </a>
            .
          </p>
        </div>
        <Link to="/preguntas-frecuentes" className="button button--primary home-doubts__action">
          Ver preguntas frecuentes
        </Link>
      </div>
    </section>
  );
}
