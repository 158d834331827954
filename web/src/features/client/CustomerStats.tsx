import { useEffect, useState } from 'react';
import { InfoTip } from '../../components/InfoTip';
import { fetchCustomerStats, type CustomerStats as Stats } from '../../lib/api';
import { formatCents, formatNumber, formatRating, MISSING } from '../../lib/format';
import { useMovesChangeKey } from './useClientMovesStore';
import { useOwnReviewsStore } from './reviews/useOwnReviewsStore';
import './CustomerStats.css';

/** The savings' explanation begins with this, word for word (issue 20 item 6). */
export const SAVINGS_BASIS = 'Descuento online y packs frente al precio por partidas de tu presupuesto';

interface Figure {
  key: string;
  label: string;
  value: string;
  explanation: string;
}

function plural(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** The four figures and what each counts, in the words the client reads. */
export function figuresOf(stats: Stats | null): Figure[] {
  const rated = stats?.valoracion_media ?? null;
  return [
    {
      key: 'mudanzas',
      label: 'Mudanzas realizadas',
      value: stats ? formatNumber(stats.mudanzas_realizadas) : MISSING,
      explanation:
        'Tus mudanzas terminadas (estado «Finalizada»). No cuentan las canceladas ni las que están pendientes, confirmadas o en curso.',
    },
    {
      key: 'pagado',
      label: 'Total pagado',
      value: stats ? formatCents(stats.total_pagado_cents) : MISSING,
      explanation:
        'Lo que has pagado con tarjeta por todas tus mudanzas, menos lo que te hayamos reembolsado. IVA incluido.',
    },
    {
      key: 'valoracion',
      label: 'Tu valoración media',
      value: formatRating(rated),
      explanation:
        rated === null || !stats
          ? 'Aún no has valorado ninguna mudanza. Cuando termine una, podrás valorarla y aquí verás la media de tus estrellas.'
          : `La media de las estrellas que has dado a tus mudanzas (${plural(stats.valoraciones, 'valoración', 'valoraciones')}), publicadas o no.`,
    },
    {
      key: 'ahorro',
      label: 'Ahorro',
      value: stats ? formatCents(stats.ahorro_cents) : MISSING,
      explanation:
        `${SAVINGS_BASIS}: en cada mudanza no cancelada que salió de un presupuesto de nuestro buscador de precios, ` +
        'el precio por partidas (con un pack, el de los mismos objetos por volumen) menos lo que te pedimos. ' +
        'Las demás mudanzas cuentan 0 €.' +
        (stats && stats.mudanzas_con_ahorro > 0
          ? ` Ahorro en ${plural(stats.mudanzas_con_ahorro, 'mudanza', 'mudanzas')}.`
          : ''),
    },
  ];
}

type Answer = Awaited<ReturnType<typeof fetchCustomerStats>>['body'];

/** The answer's figures, when it has every one: a figure is never made up from a missing field. */
function statsOf(body: Answer): Stats | null {
  const count = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (
    !body?.success ||
    typeof body.email_confirmado !== 'boolean' ||
    !count(body.mudanzas_realizadas) ||
    !count(body.total_pagado_cents) ||
    !count(body.valoraciones) ||
    !count(body.ahorro_cents) ||
    !count(body.mudanzas_con_ahorro)
  ) {
    return null;
  }
  return {
    success: true,
    email_confirmado: body.email_confirmado,
    mudanzas_realizadas: body.mudanzas_realizadas,
    total_pagado_cents: body.total_pagado_cents,
    valoracion_media: count(body.valoracion_media) ? body.valoracion_media : null,
    valoraciones: body.valoraciones,
    ahorro_cents: body.ahorro_cents,
    mudanzas_con_ahorro: body.mudanzas_con_ahorro,
  };
}

/**
 * What the figures depend on: a move finishing, a payment or refund, a review given. Reading them
 * again when this changes keeps them as live as the moves list.
 */
function useRefreshKey(): string | null {
  const moves = useMovesChangeKey();
  const reviews = useOwnReviewsStore((s) => s.reviews.length);
  // Not before the moves are read: the key would change at once, and ask twice.
  return moves === null ? null : `${moves}|${reviews}`;
}

/** The client's figures on their dashboard, each explained by its ⓘ. */
export function CustomerStats() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useRefreshKey();

  useEffect(() => {
    if (refresh === null) return;
    let current = true;
    fetchCustomerStats()
      .then((response) => {
        if (!current) return;
        const read = response.ok ? statsOf(response.body) : null;
        if (!read) throw new Error(`mis-estadisticas respondió ${response.status}`);
        setStats(read);
        setFailed(false);
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error('No se pudieron cargar tus cifras', error);
        setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [refresh]);

  if (stats && !stats.email_confirmado) return null;

  return (
    <section className="customer-stats" aria-labelledby="customer-stats-title" aria-busy={!stats && !failed}>
      <h2 id="customer-stats-title" className="client-section-title">
        Tus cifras
      </h2>
      {failed && !stats && <p className="client-hint">No se pudieron cargar tus cifras. Inténtalo más tarde.</p>}
      <dl className="customer-stats__grid">
        {figuresOf(stats).map((figure) => (
          <div key={figure.key} className="customer-stat" data-figure={figure.key}>
            <dt className="customer-stat__label">
              {figure.label}
              <InfoTip label={`Cómo se calcula: ${figure.label}`}>{figure.explanation}</InfoTip>
            </dt>
            <dd className="customer-stat__value">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
