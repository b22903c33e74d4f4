// How a daily report shows in the valuation's tables (its reports, and 'Partes sin valorizar'): the number over its
// date, the plate over the operator.
import { formatDate } from '@client/lib/format';

export function ParteNumberCell({ nro, fecha }: { nro: string; fecha: string }) {
  return (
    <span className="whitespace-nowrap">
      {nro}
      <span className="block text-xs text-muted-foreground">{formatDate(fecha)}</span>
    </span>
  );
}

export function MaquinariaCell({ placa, operador }: { placa: string; operador: string }) {
  return (
    <span>
      <span className="font-medium whitespace-nowrap">{placa}</span>
      <span className="block text-xs text-muted-foreground">{operador}</span>
    </span>
  );
}
