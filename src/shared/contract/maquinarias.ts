// Machines contract (read side used by the warehouse screens; the full CRUD grows here later).
export interface MaquinariaInsumo {
  insumo_maq_id: number;
  insumo_id: number;
  insumo_codigo: string;
  insumo_name: string;
  horas_alerta: { hour_warning: number; hour_critical: number };
  horas_limite: number;
  last_date_mantenimiento: string | null;
  create_insumo_maq: string;
}

export interface MaquinariaRow {
  id: number;
  descripcion: string;
  marca: string;
  modelo: string | null;
  placa: string;
  insumos: MaquinariaInsumo[];
  estado: number;
  año_fabrica: number;
  horometro: boolean;
}
