// The report of code 44 (Reporte de mantenimiento): the part-change PDF of the machinery feature and, for the same
// machines and range, the preventive tasks done and missed (PDF and Excel) of the plans feature.
import RepMantenimientoPage from '@client/features/maquinarias/rep-mantenimiento-page';
import { CumplimientoReport } from '@client/features/planes/cumplimiento-report';

export default function RepMantenimientoScreen() {
  return <RepMantenimientoPage extra={(choice) => <CumplimientoReport {...choice} />} />;
}
