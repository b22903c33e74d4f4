// The exit form's state: react-hook-form over the head fields, judged with its lines by the contract's salidaBody
// (the resolver reads the current lines through a ref), the lines as master-detail (a saved line given another supply
// becomes a new line), the fresh stock of a corrected exit's lines and the stock each line may take.
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { salidaBody } from '@shared/contract/salidas';
import { limaDate } from '@shared/domain/dates';
import { FORM_VALIDATION } from '@client/components/form-field';
import { contractResolver } from '@client/components/form-gate';
import { useMasterDetail } from '@client/components/use-master-detail';
import { useSession } from '@client/lib/session';
import type { TypedFix } from '@client/offline';
import { useSalida, type SalidaDetail, type SalidaLine, type SalidaSave } from './api';
import { useSalidaAvailability } from './use-salida-availability';
import { useFreshStock } from './use-fresh-stock';

type Head = Pick<SalidaSave, 'nro_vale' | 'fecha' | 'maquinaria_id' | 'operador_id' | 'operador_dni' | 'operador_name'>;

const headOf = (b: Partial<SalidaSave | SalidaDetail>, fallbackDate: string): Head => ({
  nro_vale: b.nro_vale ?? '',
  fecha: b.fecha ?? fallbackDate,
  maquinaria_id: b.maquinaria_id ?? 0,
  operador_id: b.operador_id ?? null,
  operador_dni: b.operador_dni ?? '',
  operador_name: b.operador_name ?? '',
});

export function useSalidaForm(editId: number | null, fix: TypedFix<SalidaSave> | null) {
  const fixItem = fix?.item ?? null;
  const fixBody = fix?.body ?? null;
  const session = useSession();
  const detail = useSalida(editId);
  const editorMode = fixBody ? (fixBody.editorMode ?? 'crear') : editId !== null ? 'editar' : 'crear';
  const id = fixBody ? fixBody.id : editId;

  // The lines live in the master-detail hook; the resolver reads the current ones through this ref.
  const linesNow = useRef<{ lines: SalidaLine[]; trash: SalidaLine[] }>({ lines: [], trash: [] });
  const form = useForm<Head>({
    defaultValues: headOf(fixBody ?? {}, session?.date ?? limaDate()),
    resolver: contractResolver<Head>(salidaBody, () => ({
      salidas_det: linesNow.current.lines,
      trash: linesNow.current.trash,
      editorMode,
    })),
    ...FORM_VALIDATION,
  });
  const { reset } = form;

  const md = useMasterDetail<SalidaLine, SalidaDetail>({
    detail: detail.data,
    editing: editId !== null,
    loadFailed: detail.isError,
    keyOf: (l) => l.salida_det_id,
    initialLines: fixBody?.salidas_det ?? [],
    initialTrash: fixBody?.trash ?? [],
    onLoad: (d) => {
      reset(headOf(d, limaDate()));
      return d.salidas_det.map((l) => ({ ...l, old_cantidad: l.cantidad, observacion: l.observacion ?? null }));
    },
    onItem: (line, i, lines) => {
      const old = lines.lines[i];
      if (!old) lines.add(line);
      else if (old.salida_det_id != null && old.insumo_id !== line.insumo_id) {
        // Another supply on a saved line: the saved line goes to trash (its stock returns) and a new line is added.
        lines.remove(i);
        lines.add({ ...line, salida_det_id: null, old_cantidad: 0 });
      } else lines.update(i, line);
    },
  });
  const { lines, trash } = md;
  linesNow.current = { lines: lines.lines, trash };
  useFreshStock(fixItem !== null, lines.lines, lines.update);
  const { availableAt, overLines } = useSalidaAvailability({ lines: lines.lines, trash, excludeOutboxId: fixItem?.id });
  return { form, md, id, editorMode, availableAt, overLines };
}
