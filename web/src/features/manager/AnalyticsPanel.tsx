import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsPeriod, AnalyticsPoint } from '../../lib/api';
import { FilterButtons } from '../../components/StaffDashboard';
import { formatCount, PERIODS, periodTick, periodTitle } from './managerMoves';
import { formatEuros, formatEurosShort } from '../../lib/format';

interface AnalyticsPanelProps {
  period: AnalyticsPeriod;
  series: AnalyticsPoint[] | null;
  failed: boolean;
  onPeriod: (period: AnalyticsPeriod) => void;
}

// SVG paints take the design tokens as CSS variables (styles/tokens.css).
const COLORS = {
  creadas: 'var(--color-primary)',
  completadas: 'var(--color-success)',
  canceladas: 'var(--color-danger)',
  ingresos: 'var(--color-accent)',
};
const GRID = 'var(--color-border)';
const TICK = { fontSize: 'var(--font-size-xs)' };
const LEGEND = { fontSize: 'var(--font-size-sm)' };

const CHART_HEIGHT = 260;

/** Legend and tooltip list the statuses in this order, not alphabetically. */
const SERIES_ORDER: Record<string, number> = { creadas: 0, completadas: 1, canceladas: 2 };
const bySeries = (item: { dataKey?: unknown }) => SERIES_ORDER[String(item.dataKey)] ?? 9;

function totals(series: readonly AnalyticsPoint[]) {
  return series.reduce(
    (t, p) => ({
      creadas: t.creadas + p.creadas,
      completadas: t.completadas + p.completadas,
      canceladas: t.canceladas + p.canceladas,
      ingresos: t.ingresos + p.ingresos,
    }),
    { creadas: 0, completadas: 0, canceladas: 0, ingresos: 0 },
  );
}

/** §2 analytics: period filters and two charts (moves per period by status; revenue per period). */
export function AnalyticsPanel({ period, series, failed, onPeriod }: AnalyticsPanelProps) {
  const sum = series ? totals(series) : null;
  const tick = (value: unknown) => periodTick(String(value), period);
  const title = (value: unknown) => periodTitle(String(value), period);

  let body;
  if (failed) {
    body = <p className="mgr-empty">No se pudieron cargar las analíticas.</p>;
  } else if (series === null) {
    body = (
      <p className="mgr-empty" role="status">
        Cargando analíticas...
      </p>
    );
  } else if (series.length === 0) {
    body = <p className="mgr-empty">No hay datos para este periodo.</p>;
  } else {
    body = (
      <div className="mgr-charts">
        <figure className="mgr-chart" aria-labelledby="mgr-chart-moves-title">
          <figcaption className="mgr-chart__head">
            <h3 id="mgr-chart-moves-title" className="mgr-chart__title">
              Mudanzas por periodo
            </h3>
            <p className="mgr-chart__summary" data-testid="resumen-mudanzas">
              {formatCount(sum!.creadas)} creadas · {formatCount(sum!.completadas)} completadas ·{' '}
              {formatCount(sum!.canceladas)} canceladas
            </p>
          </figcaption>
          <div className="mgr-chart__canvas">
            <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
              <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID} />
                <XAxis dataKey="inicio" tickFormatter={tick} tick={TICK} minTickGap={12} />
                <YAxis allowDecimals={false} tick={TICK} />
                <Tooltip
                  labelFormatter={title}
                  formatter={(value) => formatCount(Number(value))}
                  itemSorter={bySeries}
                />
                <Legend wrapperStyle={LEGEND} itemSorter={bySeries} />
                <Bar dataKey="creadas" name="Creadas" stackId="estado" fill={COLORS.creadas} animationDuration={600} />
                <Bar
                  dataKey="completadas"
                  name="Completadas"
                  stackId="estado"
                  fill={COLORS.completadas}
                  animationDuration={600}
                />
                <Bar
                  dataKey="canceladas"
                  name="Canceladas"
                  stackId="estado"
                  fill={COLORS.canceladas}
                  radius={[4, 4, 0, 0]}
                  animationDuration={600}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>

        <figure className="mgr-chart" aria-labelledby="mgr-chart-revenue-title">
          <figcaption className="mgr-chart__head">
            <h3 id="mgr-chart-revenue-title" className="mgr-chart__title">
              Ingresos por periodo
            </h3>
            <p className="mgr-chart__summary" data-testid="resumen-ingresos">
              {formatEuros(sum!.ingresos)} en total
            </p>
          </figcaption>
          <div className="mgr-chart__canvas">
            <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
              <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
                <defs>
                  <linearGradient id="mgr-revenue-fill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor={COLORS.ingresos} stopOpacity={0.35} />
                    <stop offset="100%" stopColor={COLORS.ingresos} stopOpacity={0.02} />
                  </linearGradient>
                </defs>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID} />
                <XAxis dataKey="inicio" tickFormatter={tick} tick={TICK} minTickGap={12} />
                <YAxis tickFormatter={(v) => formatEurosShort(Number(v))} tick={TICK} width={72} />
                <Tooltip labelFormatter={title} formatter={(value) => formatEuros(Number(value))} />
                <Area
                  type="monotone"
                  dataKey="ingresos"
                  name="Ingresos"
                  stroke={COLORS.ingresos}
                  strokeWidth={2}
                  fill="url(#mgr-revenue-fill)"
                  animationDuration={600}
                />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </figure>
      </div>
    );
  }

  return (
    <section className="mgr-section" aria-labelledby="mgr-analytics-title">
      <div className="mgr-section__head">
        <h2 id="mgr-analytics-title" className="mgr-section__title">
          Analíticas
        </h2>
        <FilterButtons className="mgr-segmented" label="Periodo" options={PERIODS} value={period} onChange={onPeriod} />
      </div>
      {body}
    </section>
  );
}
