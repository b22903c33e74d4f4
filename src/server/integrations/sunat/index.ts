// Tax registry (SUNAT): taxpayer by RUC, the interface the valuation module calls.
export interface Contribuyente {
  ruc: string;
  razon_social: string;
  direccion: string | null;
}

export interface Sunat {
  /** The taxpayer with this 11-digit RUC, or null (also for anything that is not 11 digits). */
  findByRuc(ruc: string): Promise<Contribuyente | null>;
}

export const isRuc = (s: string) => /^\d{11}$/.test(s);
