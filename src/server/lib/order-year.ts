// The year of a purchase or service order looked up in the logistics system: from 2022 to the server's year.
import { limaDate } from '@shared/domain/dates';
import { MSG } from '@shared/messages';
import { badRequest } from './errors';

export function assertOrderYear(anio: number): void {
  const max = Number(limaDate().slice(0, 4));
  if (anio < 2022 || anio > max) throw badRequest(MSG.orderYearRange(max), { anio: MSG.orderYearRange(max) });
}
