import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ContentHero } from '../../components/ContentHero';
import { ClockIcon, StarIcon, UsersIcon } from '../../components/icons';
import { Stars } from '../../components/Stars';
import type { ReviewFigures } from '../../lib/api';
import { MISSING } from '../../lib/format';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { usePublishedReviews } from '../../lib/usePublishedReviews';
import { ReviewCard } from './ReviewCard';
import {
  countUpValue,
  filterReviews,
  formatDecimal,
  formatInteger,
  formatPercent,
  PAGE_SIZE,
  REVIEW_FILTERS,
  reviewsCountLabel,
  type ReviewFilter,
} from './reviews';
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
  /** Null before the first published review: shown as '—', nothing to count up to. */
  target: number | null;
  decimals: number;
  format: (n: number) => string;
}

/** §1's four figures, as the server computes them from the published reviews. */
function statDefinitions(stats: ReviewFigures): readonly StatDefinition[] {
  return [
    { label: 'Reseñas de clientes', target: stats.total, decimals: 0, format: formatInteger },
    { label: 'Valoración media sobre 5', target: stats.media ?? null, decimals: 1, format: formatDecimal },
    {
      label: 'Opiniones de cinco estrellas',
      target: stats.cinco_estrellas ?? null,
      decimals: 0,
      format: formatPercent,
    },
    {
      label: 'Clientes que nos recomiendan',
      target: stats.recomiendan ?? null,
      decimals: 0,
      format: formatPercent,
    },
  ];
}

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
];

/** The fourth reason to trust us is the figure itself, once there is one. */
function ratingTrust(stats: ReviewFigures | null): { title: string; text: string; icon: ReactNode } {
  const icon = <StarIcon width={28} height={28} />;
  if (stats?.media == null) {
    return { title: 'Opiniones reales', text: 'Solo quien se ha mudado con nosotros puede valorarnos.', icon };
  }
  return {
    title: `Calidad certificada ${formatDecimal(stats.media)}/5`,
    text: `La valoración media de nuestros clientes en ${reviewsCountLabel(stats.total)}.`,
    icon,
  };
}

/** §1 stats counting up (§4: 60 ticks of ~33 ms) once the strip is on screen. */
function ReviewStats({ stats }: { stats: ReviewFigures }) {
  const ref = useRef<HTMLDListElement>(null);
  const seen = useSeenOnce(ref);
  const tick = useCountUpTick(seen);
  return (
    <section className="reviews-stats" aria-labelledby="reviews-stats-title">
      <h2 id="reviews-stats-title" className="sr-only">
        Nuestras cifras
      </h2>
      <dl ref={ref} className="reviews-stats__list">
        {statDefinitions(stats).map((stat) => (
          <div key={stat.label} className="reviews-stat">
            <dt className="reviews-stat__label">{stat.label}</dt>
            <dd className="reviews-stat__value">
              {/* Screen readers get the final figure once, not sixty intermediate ones. */}
              <span aria-hidden="true" data-stat-value>
                {stat.target === null ? MISSING : stat.format(countUpValue(stat.target, tick, stat.decimals))}
              </span>
              <span className="sr-only">{stat.target === null ? 'Sin datos' : stat.format(stat.target)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The list's body: loading, failed, nothing published yet, or the cards. */
function ReviewsListBody({
  status,
  total,
  filter,
  children,
  onRetry,
}: {
  status: 'loading' | 'ready' | 'error';
  total: number;
  filter: ReviewFilter;
  children: ReactNode;
  onRetry: () => void;
}) {
  if (status === 'loading') {
    return (
      <p className="reviews-list__status" role="status">
        Cargando opiniones...
      </p>
    );
  }
  if (status === 'error') {
    return (
      <div className="reviews-empty" role="alert">
        <p className="reviews-empty__title">No se pudieron cargar las opiniones.</p>
        <p>Comprueba tu conexión e inténtalo de nuevo.</p>
        <button type="button" className="button button--outline" onClick={onRetry}>
          Reintentar
        </button>
      </div>
    );
  }
  if (total === 0) {
    return (
      <div className="reviews-empty">
        <p className="reviews-empty__title">
          {filter === 'all'
            ? 'Todavía no hay opiniones publicadas.'
            : `Todavía no hay opiniones de ${filter} estrellas.`}
        </p>
        <p>Las escriben nuestros clientes después de su mudanza, y las publicamos tras revisarlas.</p>
      </div>
    );
  }
  return <>{children}</>;
}

export function ReviewsPage() {
  useDocumentTitle('Opiniones de clientes');
  const { status, reviews, stats, load } = usePublishedReviews();
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [shown, setShown] = useState(PAGE_SIZE);
  const firstNew = useRef<HTMLElement>(null);
  // The index of the first card 'Ver más' added: it takes the focus once it is shown.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  const filtered = filterReviews(reviews, filter);
  const visible = filtered.slice(0, shown);
  const hasMore = shown < filtered.length;
  const ready = status === 'ready' && stats !== null;

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
        {ready && stats.media != null && (
          <p className="reviews-hero__rating">
            <Stars rating={Math.round(stats.media)} />
            <span>
              {formatDecimal(stats.media)} de 5 en {reviewsCountLabel(stats.total)}
            </span>
          </p>
        )}
      </ContentHero>

      <div className="container reviews-page__body">
        {ready && <ReviewStats stats={stats} />}

        <section className="reviews-trust" aria-labelledby="reviews-trust-title">
          <h2 id="reviews-trust-title" className="reviews-section-title">
            Por qué confían en nosotros
          </h2>
          <ul className="reviews-trust__list">
            {[...TRUST, ratingTrust(ready ? stats : null)].map((item) => (
              <li key={item.title} className="reviews-trust__item">
                <span className="reviews-trust__icon">{item.icon}</span>
                <h3 className="reviews-trust__title">{item.title}</h3>
                <p className="reviews-trust__text">{item.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="reviews-list" aria-labelledby="reviews-list-title" aria-busy={status === 'loading'}>
          <div className="reviews-list__head">
            <h2 id="reviews-list-title" className="reviews-section-title">
              Opiniones de nuestros clientes
            </h2>
            {ready && reviews.length > 0 && (
              <div className="reviews-filters" role="group" aria-label="Filtrar opiniones por valoración">
                {REVIEW_FILTERS.map(({ value, label }) => (
                  <button
                    key={String(value)}
                    type="button"
                    className={`reviews-filter${filter === value ? ' is-active' : ''}`}
                    aria-pressed={filter === value}
                    onClick={() => chooseFilter(value)}
                  >
                    {label} <span className="reviews-filter__count">{filterReviews(reviews, value).length}</span>
                  </button>
                ))}
              </div>
            )}
          </div>
          <ReviewsListBody status={status} total={filtered.length} filter={filter} onRetry={() => void load()}>
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
          </ReviewsListBody>
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
