// Demo valuations: a rental to a construction company (rubro 1, RUC, with detraction) and social support
// to a rural community (rubro 2, DNI); each bills its daily reports, totals computed in cents.
import { inArray } from 'drizzle-orm';
import { valorizaTotals } from '@shared/domain/valoriza';
import type { Db } from '../client';
import { cuentas, partesDiarios, valorizaciones } from '../schema/index';
import { DNI_CUSTOMER } from './demo-data-personas';
import type { Mirror } from './demo-integraciones';
import { BILLING, type BillingKey, type DemoParte } from './demo-partes';
import type { Clock } from './demo-util';

export async function seedValorizaciones(db: Db, c: Clock, mirror: Mirror, partes: DemoParte[]): Promise<number> {
  const accounts = await db.select().from(cuentas);
  const detraccion = accounts.find((a) => a.tipo_cuenta === 'detraccion');
  const deposito = accounts.find((a) => a.tipo_cuenta === 'deposito');
  const person = mirror.people[DNI_CUSTOMER];
  const plan: { key: BillingKey; rubro: number; tipo_doc: number; ndoc: string; rsocial: string; observacion: string }[] = [
    {
      key: 'V1',
      rubro: 1,
      tipo_doc: 2,
      ndoc: mirror.customer.ruc,
      rsocial: mirror.customer.razon_social,
      observacion: `Alquiler de retroexcavadora ${BILLING.V1.placa} para la obra "Mejoramiento del Jr. Los Andes", contrato N° 014-${c.year(c.daysAgo(BILLING.V1.to))}-GM.`,
    },
    {
      key: 'V2',
      rubro: 2,
      tipo_doc: 1,
      ndoc: person.dni,
      rsocial: `${person.apPrimer} ${person.apSegundo} ${person.prenombres}`,
      observacion: 'Apoyo social a la Comunidad Campesina de Paccha: eliminación de desmonte del local comunal.',
    },
  ];
  let count = 0;
  for (const v of plan) {
    const billed = partes.filter((p) => p.billing === v.key);
    if (billed.length === 0) continue;
    const totals = valorizaTotals({ montos: billed.map((p) => p.monto), rubro: v.rubro, tasa: detraccion?.tasa_impuesto });
    const [row] = await db
      .insert(valorizaciones)
      .values({
        fecha: c.daysAgo(BILLING[v.key].to - 2),
        rubro: v.rubro,
        tipo_doc: v.tipo_doc,
        ndoc: v.ndoc,
        rsocial: v.rsocial,
        subtotal: totals.subtotal,
        monto: totals.monto,
        monto_detraccion: totals.monto_detraccion,
        monto_deposito: totals.monto_deposito,
        tasa_detraccion: totals.tasa_detraccion,
        cta_detraccion: detraccion?.cuenta_id ?? null,
        cta_deposito: deposito?.cuenta_id ?? null,
        observacion: v.observacion,
        created_at: c.at(BILLING[v.key].to - 2, 400),
      })
      .returning({ valoriza_id: valorizaciones.valoriza_id });
    await db
      .update(partesDiarios)
      .set({ valoriza_id: row.valoriza_id })
      .where(
        inArray(
          partesDiarios.parte_id,
          billed.map((p) => p.parte_id),
        ),
      );
    count++;
  }
  return count;
}
