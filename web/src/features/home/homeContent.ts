// The home page's copy (§1): services, statistics, reasons and metrics. The figures are the
// company's published ones (§1) and those of the published reviews (GET /api/opiniones).
import type { ReviewFigures } from '../../lib/api';
import { formatNumber, MISSING } from '../../lib/format';

export type ServiceIcon = 'home' | 'europe' | 'sofa' | 'car' | 'box' | 'briefcase';

export interface Service {
  icon: ServiceIcon;
  title: string;
  text: string;
  to: string;
  action: string;
}

/** §1: moves, Europe move, furniture, vehicles, others, work. */
export const SERVICES: readonly Service[] = [
  {
    icon: 'home',
    title: 'Mudanzas',
    text: 'Pisos, chalés y oficinas en Madrid y en toda España: embalaje, carga, transporte y montaje con precio cerrado.',
    to: '/buscador-precios',
    action: 'Calcular precio de mudanza',
  },
  {
    icon: 'europe',
    title: 'Mudanza a Europa',
    text: 'Rutas semanales a Francia, Portugal, Italia, Alemania y el Benelux, con seguimiento y gestión de la documentación.',
    to: '/contacto',
    action: 'Pedir presupuesto a Europa',
  },
  {
    icon: 'sofa',
    title: 'Muebles',
    text: 'Transporte de muebles sueltos, desmontaje y montaje de armarios y camas, y subida con elevador exterior.',
    to: '/buscador-precios',
    action: 'Calcular precio de muebles',
  },
  {
    icon: 'car',
    title: 'Vehículos',
    text: 'Traslado de coches y motos en camión portavehículos cerrado, asegurado de puerta a puerta.',
    to: '/contacto',
    action: 'Trasladar un vehículo',
  },
  {
    icon: 'box',
    title: 'Otros servicios',
    text: 'Guardamuebles por meses, limpieza del piso tras la mudanza, embalaje profesional y reportaje fotográfico.',
    to: '/contacto',
    action: 'Consultar otros servicios',
  },
  {
    icon: 'briefcase',
    title: 'Trabaja con nosotros',
    text: 'Buscamos conductores, operarios y coordinadores. Contrato estable, formación y buen ambiente de equipo.',
    to: '/trabaja-con-nosotros',
    action: 'Ver ofertas de empleo',
  },
];

export interface Statistic {
  value: number;
  prefix?: string;
  suffix?: string;
  label: string;
}

/** §1's statistics strip, written as the spec writes them (1500, +30, 2000, 230.000 km). */
export const STATISTICS: readonly Statistic[] = [
  { value: 1500, label: 'mudanzas realizadas' },
  { value: 30, prefix: '+', label: 'profesionales' },
  { value: 2000, label: 'clientes satisfechos' },
  { value: 230000, suffix: ' km', label: 'recorridos' },
];

/** Spanish grouping: 230000 → '230.000', and, as the RAE writes four-digit numbers, 1500 → '1500'. */
export function formatStatistic({ value, prefix = '', suffix = '' }: Statistic): string {
  return `${prefix}${formatNumber(value)}${suffix}`;
}

export interface Reason {
  title: string;
  text: string;
}

export const REASONS: readonly Reason[] = [
  {
    title: 'Seguro incluido',
    text: 'Todas las mudanzas llevan seguro de daños a tus bienes, además del embalaje y la protección de muebles.',
  },
  {
    title: 'Precio cerrado',
    text: 'Te damos el precio antes de empezar y es el que pagas: sin suplementos por escaleras o esperas no avisadas.',
  },
  {
    title: 'Puntualidad',
    text: 'Llegamos a la hora acordada. Si cambia tu fecha, lo movemos sin coste con 48 horas de aviso.',
  },
  {
    title: 'Equipo propio',
    text: 'Más de 30 profesionales en plantilla, formados en embalaje, montaje y manejo de cargas pesadas.',
  },
  {
    title: 'Respuesta en 24 horas',
    text: 'Contestamos cada solicitud de presupuesto y cada consulta en menos de 24 horas.',
  },
  {
    title: 'Madrid y Europa',
    text: 'Desde Madrid a cualquier punto de España y a los principales destinos europeos.',
  },
];

export interface Metric {
  id: string;
  label: string;
  value: string;
  detail: string;
}

/** Shown in place of a review figure while the reviews are read. */
export const PENDING_FIGURE = '…';

const percent = (value: number) => `${formatNumber(value, { decimals: 0 })} %`;

/**
 * The first four metrics: the published reviews' figures, as /opiniones shows them. `null` while
 * they are read; dashes when they could not be, or with no review yet.
 */
function reviewMetrics(stats: ReviewFigures | null, failed: boolean): Metric[] {
  const figure = (value: number | null | undefined, format: (n: number) => string) =>
    stats === null ? (failed ? MISSING : PENDING_FIGURE) : value == null ? MISSING : format(value);
  const none = stats !== null && stats.total === 0;
  return [
    {
      id: 'valoracion',
      label: 'Valoración media',
      value: figure(stats?.media, (n) => `${formatNumber(n, { decimals: 1, fixed: true })}/5`),
      detail: none
        ? 'Todavía no hay opiniones publicadas.'
        : stats?.total === 1
          ? 'La valoración de la única opinión publicada por ahora.'
          : `Media de las ${figure(stats?.total, (n) => formatNumber(n))} opiniones publicadas de nuestros clientes.`,
    },
    {
      id: 'opiniones',
      label: 'Opiniones',
      value: figure(stats?.total, (n) => formatNumber(n)),
      detail: 'Opiniones publicadas por clientes después de su mudanza.',
    },
    {
      id: 'cinco-estrellas',
      label: 'Cinco estrellas',
      value: figure(stats?.cinco_estrellas, percent),
      detail: `El ${figure(stats?.cinco_estrellas, percent)} de las opiniones nos dan la nota máxima.`,
    },
    {
      id: 'recomiendan',
      label: 'Nos recomiendan',
      value: figure(stats?.recomiendan, percent),
      detail: `El ${figure(stats?.recomiendan, percent)} de los clientes recomendaría nuestros servicios.`,
    },
  ];
}

/**
 * 'Métricas del Sistema': what the company measures and publishes. The live company figures
 * (GET /api/datos-de-empresa) are for managers only, so the public page shows these.
 */
export function metrics(stats: ReviewFigures | null, failed = false): readonly Metric[] {
  return [...reviewMetrics(stats, failed), ...OTHER_METRICS];
}

const OTHER_METRICS: readonly Metric[] = [
  {
    id: 'respuesta',
    label: 'Tiempo de respuesta',
    value: '< 24 h',
    detail: 'Respondemos a cada solicitud de presupuesto y formulario de contacto en menos de 24 horas.',
  },
  {
    id: 'kilometros',
    label: 'Kilómetros recorridos',
    value: formatStatistic({ value: 230000, label: '' }),
    detail: 'Kilómetros recorridos por nuestros camiones en mudanzas nacionales e internacionales.',
  },
];

/** §9: the metric feedback lasts 2 s. */
export const METRIC_FEEDBACK_MS = 2000;
/** §9: metrics appear in steps of 150 ms, reasons in steps of 300 ms. */
export const METRIC_STEP_MS = 150;
export const REASON_STEP_MS = 300;
/** §1: the banners grow at each of these visible shares. */
export const BANNER_THRESHOLDS = [0.2, 0.3, 0.4, 0.7] as const;
