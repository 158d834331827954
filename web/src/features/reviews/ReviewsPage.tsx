import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ContentHero } from '../../components/ContentHero';
import { ClockIcon, StarIcon, UsersIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ReviewCard, Stars } from './ReviewCard';
import {
  countUpValue,
  filterReviews,
  formatDecimal,
  formatInteger,
  formatPercent,
  PAGE_SIZE,
  REVIEW_FILTERS,
  type ReviewFilter,
} from './reviews';
import { REVIEW_STATS, TESTIMONIALS } from '../../lib/testimonials';
import { useCountUpTick, useSeenOnce } from './useCountUp';
import './ReviewsPage.css';

function ShieldIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M8.5 12l2.5 2.5 4.5-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface StatDefinition {
  label: string;
  target: number;
  decimals: number;
  format: (n: number) => string;
}

const STATS: readonly StatDefinition[] = [
  { label: 'Reseñas de clientes', target: REVIEW_STATS.total, decimals: 0, format: formatInteger },
  { label: 'Valoración media sobre 5', target: REVIEW_STATS.average, decimals: 1, format: formatDecimal },
  { label: 'Opiniones de cinco estrellas', target: REVIEW_STATS.fiveStarPercent, decimals: 0, format: formatPercent },
  { label: 'Clientes que nos recomiendan', target: REVIEW_STATS.recommendPercent, decimals: 0, format: formatPercent },
];

const TRUST: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Seguro incluido',
    text: 'Cada mudanza lleva un seguro que cubre los daños a tus bienes, el embalaje y la protección.',
    icon: <ShieldIcon />,
  },
  {
    title: 'Puntualidad',
    text: 'Llegamos en la franja acordada y te avisamos si algo cambia en el camino.',
    icon: <ClockIcon width={28} height={28} />,
  },
  {
    title: 'Equipo profesional',
    text: 'Mozos y conductores con experiencia, formados en embalaje, montaje y manipulación.',
    icon: <UsersIcon width={28} height={28} />,
  },
  {
    title: 'Calidad certificada 4,9/5',
    text: `La valoración media de nuestros clientes en ${formatInteger(REVIEW_STATS.total)} reseñas.`,
    icon: <StarIcon width={28} height={28} />,
  },
];

/** §1 stats counting up (§4: 60 ticks of ~33 ms) once the strip is on screen. */
function ReviewStats() {
  const ref = useRef<HTMLDListElement>(null);
  const seen = useSeenOnce(ref);
  const tick = useCountUpTick(seen);
  return (
    <section className="reviews-stats" aria-labelledby="reviews-stats-title">
      <h2 id="reviews-stats-title" className="sr-only">
        Nuestras cifras
      </h2>
      <dl ref={ref} className="reviews-stats__list">
        {STATS.map((stat) => (
          <div key={stat.label} className="reviews-stat">
            <dt className="reviews-stat__label">{stat.label}</dt>
            <dd className="reviews-stat__value">
              {/* Screen readers get the final figure once, not sixty intermediate ones. */}
              <span aria-hidden="true" data-stat-value>
                {stat.format(countUpValue(stat.target, tick, stat.decimals))}
              </span>
              <span className="sr-only">{stat.format(stat.target)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ReviewsPage() {
  useDocumentTitle('Opiniones de clientes');
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [shown, setShown] = useState(PAGE_SIZE);
  const firstNew = useRef<HTMLElement>(null);
  // The index of the first card 'Ver más' added: it takes the focus once it is shown.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  const filtered = filterReviews(TESTIMONIALS, filter);
  const visible = filtered.slice(0, shown);
  const hasMore = shown < filtered.length;

  useEffect(() => {
    if (focusFrom !== null) firstNew.current?.focus();
  }, [focusFrom]);

  const chooseFilter = (value: ReviewFilter) => {
    setFilter(value);
    setShown(PAGE_SIZE);
    setFocusFrom(null);
  };

  const loadMore = () => {
    setFocusFrom(shown);
    setShown((n) => n + PAGE_SIZE);
  };

  return (
    <div className="reviews-page">
      <ContentHero titleId="reviews-title" eyebrow="Opiniones" title="Lo que dicen nuestros clientes">
        <p className="content-hero__lead">
          Familias y empresas que ya se han mudado con nosotros cuentan cómo fue su experiencia.
        </p>
        <p className="reviews-hero__rating">
          <Stars rating={5} />
          <span>
            {formatDecimal(REVIEW_STATS.average)} de 5 en {formatInteger(REVIEW_STATS.total)} reseñas
          </span>
        </p>
      </ContentHero>

      <div className="container reviews-page__body">
        <ReviewStats />

        <section className="reviews-trust" aria-labelledby="reviews-trust-title">
          <h2 id="reviews-trust-title" className="reviews-section-title">
            Por qué confían en nosotros
          </h2>
          <ul className="reviews-trust__list">
            {TRUST.map((item) => (
              <li key={item.title} className="reviews-trust__item">
                <span className="reviews-trust__icon">{item.icon}</span>
                <h3 className="reviews-trust__title">{item.title}</h3>
                <p className="reviews-trust__text">{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="reviews-list" aria-labelledby="reviews-list-title">
          <div className="reviews-list__head">
            <h2 id="reviews-list-title" className="reviews-section-title">
              Opiniones verificadas
            </h2>
            <div className="reviews-filters" role="group" aria-label="Filtrar opiniones por valoración">
              {REVIEW_FILTERS.map(({ value, label }) => (
                <button
                  key={String(value)}
                  type="button"
                  className={`reviews-filter${filter === value ? ' is-active' : ''}`}
                  aria-pressed={filter === value}
                  onClick={() => chooseFilter(value)}
                >
                  {label} <span className="reviews-filter__count">{filterReviews(TESTIMONIALS, value).length}</span>
                </button>
              ))}
            </div>
          </div>
          <p className="reviews-list__status" role="status">
            Mostrando {visible.length} de {filtered.length} opiniones
          </p>
          <ul className="reviews-grid">
            {visible.map((review, index) => (
              <li key={review.id}>
                <ReviewCard review={review} ref={index === focusFrom ? firstNew : undefined} />
              </li>
            ))}
          </ul>
          {hasMore && (
            <div className="reviews-list__more">
              <button type="button" className="button button--outline" onClick={loadMore}>
                Cargar más
              </button>
            </div>
          )}
        </section>

        <section className="reviews-cta" aria-labelledby="reviews-cta-title">
          <h2 id="reviews-cta-title" className="reviews-cta__title">
            ¿Quieres ser nuestro próximo cliente satisfecho?
          </h2>
          <p>Calcula en unos minutos el precio orientativo de tu mudanza, con el IVA incluido y sin compromiso.</p>
          <Link to="/buscador-precios" className="button reviews-cta__button">
            Calcular mi precio
          </Link>
        </section>
      </div>
    </div>
  );
}
