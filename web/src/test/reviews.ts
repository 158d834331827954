// Published reviews as GET /api/opiniones gives them, for the pages that show them: eight like
// the seed's (six of five stars, two of four), the newest written by a move's client.
import type { PublishedReview, ReviewFigures } from '../lib/api';
import { jsonResponse } from './fixtures';

export function makeReview(overrides: Partial<PublishedReview> & { id: string }): PublishedReview {
  return {
    nombre: 'María González',
    ubicacion: 'Chamberí, Madrid',
    rating: 5,
    titulo: 'Un piso entero en una mañana',
    texto: 'Embalaron la vajilla pieza a pieza y no se rompió nada.',
    recomendaria: true,
    fecha: '2026-10-14',
    helpful_count: 0,
    verified: false,
    ...overrides,
  };
}

export const TEST_REVIEWS: readonly PublishedReview[] = [
  makeReview({
    id: 'mudanza-7',
    nombre: 'Marta S.',
    ubicacion: 'Madrid',
    titulo: 'Todo llegó perfecto',
    texto: 'Puntuales y cuidadosos.\nVolveremos a llamarles.',
    fecha: '2026-11-20',
    verified: true,
  }),
  makeReview({ id: 'importada-1', fecha: '2026-10-14', helpful_count: 24 }),
  makeReview({ id: 'importada-2', nombre: 'Javier Martín', titulo: 'Oficina sin parar', fecha: '2026-09-30' }),
  makeReview({
    id: 'importada-3',
    nombre: 'Carlos Ruiz',
    rating: 4,
    titulo: 'Llegaron algo tarde',
    fecha: '2026-08-27',
    helpful_count: 1,
  }),
  makeReview({ id: 'importada-4', nombre: 'Ana López', titulo: 'Sin sorpresas', fecha: '2026-07-19' }),
  makeReview({ id: 'importada-5', nombre: 'Pedro Sánchez', titulo: 'El piano', fecha: '2026-06-05' }),
  makeReview({
    id: 'importada-6',
    nombre: 'Elena Torres',
    rating: 4,
    titulo: 'Limpieza final',
    recomendaria: false,
    fecha: '2026-05-22',
  }),
  makeReview({ id: 'importada-7', nombre: 'Miguel Navarro', titulo: 'Rápidos', fecha: '2026-04-08' }),
];

/** The figures of TEST_REVIEWS, as the server rounds them. */
export const TEST_FIGURES: ReviewFigures = { total: 8, media: 4.75, cinco_estrellas: 75, recomiendan: 87.5 };

export const NO_FIGURES: ReviewFigures = { total: 0, media: null, cinco_estrellas: null, recomiendan: null };

export function reviewsResponse(
  reviews: readonly PublishedReview[] = TEST_REVIEWS,
  estadisticas: ReviewFigures = TEST_FIGURES,
): Response {
  return jsonResponse({ success: true, opiniones: reviews, estadisticas });
}
