// A small built-in list of common objects for the create wizard and the edit form (§3 object
// catalogue item: id, nombre, peso in kg). The full catalogue (GET /api/objetos-catalogo) comes later.

export interface CatalogObject {
  id: string;
  nombre: string;
  /** kg */
  peso: number;
  categoria: string;
}

export const COMMON_OBJECTS: readonly CatalogObject[] = [
  { id: 'sofa-3-plazas', nombre: 'Sofá de 3 plazas', peso: 55, categoria: 'Sofás' },
  { id: 'sofa-2-plazas', nombre: 'Sofá de 2 plazas', peso: 40, categoria: 'Sofás' },
  { id: 'sillon', nombre: 'Sillón', peso: 20, categoria: 'Sofás' },
  { id: 'armario-2-puertas', nombre: 'Armario de 2 puertas', peso: 60, categoria: 'Armarios' },
  { id: 'armario-4-puertas', nombre: 'Armario de 4 puertas', peso: 110, categoria: 'Armarios' },
  { id: 'comoda', nombre: 'Cómoda', peso: 35, categoria: 'Armarios' },
  { id: 'caja-pequena', nombre: 'Caja pequeña', peso: 5, categoria: 'Cajas' },
  { id: 'caja-mediana', nombre: 'Caja mediana', peso: 8, categoria: 'Cajas' },
  { id: 'caja-grande', nombre: 'Caja grande', peso: 12, categoria: 'Cajas' },
  { id: 'cama-individual', nombre: 'Cama individual', peso: 30, categoria: 'Camas y colchones' },
  { id: 'cama-doble', nombre: 'Cama de matrimonio', peso: 50, categoria: 'Camas y colchones' },
  { id: 'colchon', nombre: 'Colchón', peso: 25, categoria: 'Camas y colchones' },
  { id: 'mesa-comedor', nombre: 'Mesa de comedor', peso: 40, categoria: 'Mesas' },
  { id: 'mesa-centro', nombre: 'Mesa de centro', peso: 15, categoria: 'Mesas' },
  { id: 'escritorio', nombre: 'Escritorio', peso: 30, categoria: 'Mesas' },
  { id: 'television', nombre: 'Televisor', peso: 15, categoria: 'Televisores' },
  { id: 'silla', nombre: 'Silla', peso: 5, categoria: 'Sillas' },
  { id: 'frigorifico', nombre: 'Frigorífico', peso: 70, categoria: 'Otros' },
  { id: 'lavadora', nombre: 'Lavadora', peso: 65, categoria: 'Otros' },
  { id: 'estanteria', nombre: 'Estantería', peso: 25, categoria: 'Otros' },
];
