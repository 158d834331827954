// The 8 testimonials of §1 (static content) and the review statistics the spec states. The
// reviews page shows all of them; the contact page quotes a few. Ratings: 6 of five stars and 2
// of four, so the page's filters have something to filter.

export interface Review {
  id: number;
  name: string;
  location: string;
  rating: 4 | 5;
  /** ISO date the review was written. */
  date: string;
  title: string;
  content: string;
  verified: boolean;
  helpful_count: number;
}

/** §1: 127 reviews, average 4.9, 94 % five-star, 98 % would recommend. */
export const REVIEW_STATS = {
  total: 127,
  average: 4.9,
  fiveStarPercent: 94,
  recommendPercent: 98,
} as const;

export const TESTIMONIALS: readonly Review[] = [
  {
    id: 1,
    name: 'María González',
    location: 'Chamberí, Madrid',
    rating: 5,
    date: '2026-10-14',
    title: 'Un piso entero en una mañana',
    content:
      'Nos mudamos de un tercero sin ascensor a Chamberí y el equipo lo tuvo todo recogido antes del mediodía. Embalaron la vajilla pieza a pieza y no se rompió nada.',
    verified: true,
    helpful_count: 24,
  },
  {
    id: 2,
    name: 'Javier Martín',
    location: 'Alcobendas, Madrid',
    rating: 5,
    date: '2026-09-30',
    title: 'Mudanza de oficina sin parar de trabajar',
    content:
      'Trasladamos una oficina de 20 puestos un viernes por la tarde. El lunes a las ocho cada ordenador estaba en su mesa y conectado. Coordinación impecable.',
    verified: true,
    helpful_count: 18,
  },
  {
    id: 3,
    name: 'Lucía Fernández',
    location: 'Valencia',
    rating: 5,
    date: '2026-09-12',
    title: 'De Madrid a Valencia con presupuesto cerrado',
    content:
      'El precio del presupuesto fue exactamente el que pagamos. Nos avisaron por teléfono cuando salió el camión y cuando estaba a media hora. Muy recomendables.',
    verified: true,
    helpful_count: 15,
  },
  {
    id: 4,
    name: 'Carlos Ruiz',
    location: 'Getafe, Madrid',
    rating: 4,
    date: '2026-08-27',
    title: 'Buen trabajo, llegaron algo tarde',
    content:
      'Llegaron cuarenta minutos después de la hora, aunque avisaron con tiempo. Después, todo perfecto: montaron los armarios y se llevaron las cajas vacías.',
    verified: true,
    helpful_count: 9,
  },
  {
    id: 5,
    name: 'Ana López',
    location: 'Lisboa, Portugal',
    rating: 5,
    date: '2026-07-19',
    title: 'Mudanza internacional sin sorpresas',
    content:
      'Nos ayudaron con el guardamuebles durante dos semanas y con la entrega en Lisboa. Todo llegó en el estado en que salió y con el inventario firmado.',
    verified: true,
    helpful_count: 21,
  },
  {
    id: 6,
    name: 'Pedro Sánchez',
    location: 'Salamanca, Madrid',
    rating: 5,
    date: '2026-06-05',
    title: 'Cuidaron el piano como si fuera suyo',
    content:
      'Teníamos un piano vertical en un cuarto piso. Vinieron a verlo antes, trajeron el material adecuado y lo bajaron sin un rasguño.',
    verified: true,
    helpful_count: 12,
  },
  {
    id: 7,
    name: 'Elena Torres',
    location: 'Pozuelo de Alarcón, Madrid',
    rating: 4,
    date: '2026-05-22',
    title: 'Limpieza final muy útil',
    content:
      'Contratamos la mudanza con la limpieza del piso antiguo y nos ahorró un día entero. Echamos de menos un poco más de detalle en la cocina.',
    verified: false,
    helpful_count: 6,
  },
  {
    id: 8,
    name: 'Miguel Navarro',
    location: 'Retiro, Madrid',
    rating: 5,
    date: '2026-04-08',
    title: 'Rápidos, amables y puntuales',
    content:
      'Pedí presupuesto un lunes y el jueves ya estábamos en la casa nueva. Trato muy amable y ni un solo golpe en los muebles.',
    verified: true,
    helpful_count: 11,
  },
];
