// Vehicle registry: plate suggestions by text, the interface the machinery module calls.
export interface Vehiculo {
  /** Our mirror's id (machines keep it as veh_id). */
  veh_id: number;
  veh_placa: string;
  marca: string | null;
  modelo: string | null;
  anio: number | null;
  descripcion: string | null;
}

export type VehiculoInput = Omit<Vehiculo, 'veh_id'>;

export const MAX_SUGGESTIONS = 20;

export interface Vehiculos {
  /** Up to 20 vehicles whose plate contains `term` (case-insensitive; dashes and spaces ignored). */
  search(term: string): Promise<Vehiculo[]>;
}

/** Plate as compared: upper case, without dashes or spaces ('egl 123' → 'EGL123'). */
export const plateKey = (s: string) => s.toUpperCase().replace(/[\s-]+/g, '');
