// Warns in a form that saves kardex movements when its date falls in a month the device knows to be closed (the
// catalogue of closed months, kept after login): the save still goes, and the server refuses it with the reason.
import { TriangleAlert } from 'lucide-react';
import { cierreQueBloquea, mensajeMesCerrado, periodoOf } from '@shared/domain/cierres';
import { LABELS } from '@shared/messages';
import { CATALOG, useCatalog } from './catalogs';

export function MesCerradoNotice({ fecha }: { fecha: string | null | undefined }) {
  const cierres = useCatalog(CATALOG.cierres);
  if (!fecha || !cierres.data) return null;
  const closed = cierres.data.filter((c) => c.estado === 'CERRADO').map((c) => c.periodo);
  const bloquea = cierreQueBloquea(closed, periodoOf(fecha));
  if (!bloquea) return null;
  return (
    <p role="status" className="mt-2 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {LABELS.cierres.closedWarning(mensajeMesCerrado(periodoOf(fecha), bloquea))}
    </p>
  );
}
