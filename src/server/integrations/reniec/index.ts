// National identity registry (RENIEC): person by DNI, the interface the operator and valuation modules call.
export interface Persona {
  dni: string;
  /** Our mirror's id of the person (operators keep it as indiv_id). */
  indiv_id: number;
  prenombres: string;
  apPrimer: string;
  apSegundo: string;
  direccion: string | null;
  fecha_nac: string | null;
  celular: string | null;
  email: string | null;
}

/** A person as written into the mirror (indiv_id is assigned there). */
export type PersonaInput = Omit<Persona, 'indiv_id'>;

export interface Reniec {
  /** The person with this 8-digit DNI, or null (also for anything that is not 8 digits). */
  findByDni(dni: string): Promise<Persona | null>;
}

export const isDni = (s: string) => /^\d{8}$/.test(s);
