// Catalogue objects and server answers for the price finder's tests.
import type { CatalogueObject, PriceResponse, RouteStats } from '../../lib/api';

const svg = (label: string) =>
  btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>${label}</title><rect width="10" height="10"/></svg>`,
  );

export const SOFA: CatalogueObject = {
  id: 'sofa-3-plazas',
  nombre: 'Sofá de 3 plazas',
  categoria: 'sofas',
  imagen: svg('sofa'),
  imagen_tipo: 'image/svg+xml',
  dimensiones: '210 × 95 × 85 cm',
  peso: 55,
  volumen: 1.7,
};

export const ARMCHAIR: CatalogueObject = {
  ...SOFA,
  id: 'sillon',
  nombre: 'Sillón orejero',
  imagen: 'esto no es base64',
  dimensiones: '80 × 85 × 110 cm',
  peso: 25,
  volumen: 0.75,
};

export const BOX: CatalogueObject = {
  id: 'caja-grande',
  nombre: 'Caja grande',
  categoria: 'cajas',
  imagen: svg('caja'),
  imagen_tipo: 'image/svg+xml',
  dimensiones: '60 × 40 × 40 cm',
  peso: 12,
  volumen: 0.1,
};

export const BED: CatalogueObject = {
  id: 'colchon-matrimonio',
  nombre: 'Colchón de matrimonio',
  categoria: 'camas_y_colchones',
  imagen: svg('colchon'),
  imagen_tipo: 'image/svg+xml',
  dimensiones: '150 × 190 × 25 cm',
  peso: 30,
  volumen: 0.7,
};

export const ROUTE_OK: RouteStats = {
  success: true,
  distance: 31.4,
  duration: 38,
  distance_text: '31,4 km',
  duration_text: '38 min',
  image: `data:image/svg+xml;base64,${svg('ruta')}`,
  fuente: 'gazetteer',
  dentro_m30: false,
};

/** Two addresses inside the M-30, where the offer packs apply. */
export const INSIDE_ORIGIN = 'Calle de Atocha 30, 28012 Madrid';
export const INSIDE_DESTINATION = 'Calle de Serrano 41, 28001 Madrid';
export const ROUTE_INSIDE_M30: RouteStats = {
  ...ROUTE_OK,
  distance: 3.2,
  duration: 12,
  distance_text: '3,2 km',
  duration_text: '12 min',
  dentro_m30: true,
};

export const PRICE_OK: PriceResponse = {
  success: true,
  price: 230.77,
  precio_presupuesto: 274.04,
  desglose: [
    { concepto: 'Volumen (1,8 m³ × 38 €/m³)', importe: 68.4 },
    { concepto: 'Distancia (31,4 km)', importe: 100 },
    { concepto: 'Planta 4.º sin ascensor', importe: 70 },
  ],
  subtotal: 238.4,
  iva: 50.06,
  total: 288.46,
  distancia_km: 31.4,
  duracion_min: 38,
  dentro_m30: false,
};
