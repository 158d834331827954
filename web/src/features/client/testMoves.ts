import type { ClientMove, ClientMoveImage } from '../../lib/api';

/** A move as its client sees it (customer view), for the tests of this feature. */
export function makeClientMove(overrides: Partial<ClientMove> & { id: number }): ClientMove {
  return {
    status: 'pending',
    from: 'Calle de Alcalá 100, Madrid',
    to: 'Avenida de América 20, Madrid',
    date: '2026-03-09',
    price: 1234.5,
    images: [],
    ...overrides,
  };
}

export function makeImages(count: number, moveId = 1): ClientMoveImage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `foto-${moveId}-${i + 1}`,
    url: `/api/fotos/${moveId}/foto-${i + 1}`,
    descripcion: `Foto ${i + 1}`,
    tipo: 'image/jpeg',
  }));
}
