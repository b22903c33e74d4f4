// The valuation form's state: react-hook-form over the head fields (judged by the contract's valorizaBody), the
// daily reports as master-detail lines, the body about to be sent and the gate that says why Grabar is disabled.
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TIPOS_DOC, valorizaBody, type CuentaRow, type ValorizaDetail } from '@shared/contract/valoriza';
import { limaDate } from '@shared/domain/dates';
import { FIELD, LABELS } from '@shared/messages';
import { FORM_VALIDATION } from '@client/components/form-field';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { useMasterDetail } from '@client/components/use-master-detail';
import { useSession } from '@client/lib/session';
import { itemOfRow, type ParteItem, type ParteRow } from '@client/components/partes/parte-item';
import type { ValorizaForm } from './api';

const V = LABELS.valoriza;

/** How a report shows in the table (names the ids; kept from the server's row when the catalogue lacks them). */
export interface ParteView {
  placa: string;
  maquinaria: string;
  actividad: string;
  servicio: string;
  unidad: string;
}

/** A report of the valuation: the item, how it shows, and whether it was changed here (then sent whole). */
export interface ValItem extends ParteItem {
  view: ParteView;
  changed: boolean;
}

export interface Values {
  fecha: string;
  rubro: number;
  tipo_doc: number;
  ndoc: string;
  rsocial: string;
  observacion: string;
  cta_detraccion: number | null;
  cta_deposito: number | null;
}

const viewOfRow = (r: ParteRow): ParteView => ({
  placa: r.placa,
  maquinaria: r.maquinaria,
  actividad: r.actividad,
  servicio: r.servicio,
  unidad: r.unidad,
});

export const itemOf = (r: ParteRow): ValItem => ({ ...itemOfRow(r), view: viewOfRow(r), changed: false });

/** The body's item: a report changed or created here goes whole; one taken as it is goes as `{ parte_id }`. */
function bodyItem(l: ValItem): ValorizaForm['partesdiarios'][number] {
  if (l.parte_id !== null && !l.changed) return { parte_id: l.parte_id };
  const { view: _view, changed: _changed, ...item } = l;
  return item;
}

const firstOf = (cuentas: readonly CuentaRow[] | undefined, tipo: CuentaRow['tipo_cuenta']) =>
  cuentas?.find((c) => c.tipo_cuenta === tipo)?.cuenta_id ?? null;

function defaultsOf(detail: ValorizaDetail | null, cuentas: CuentaRow[], today: string): Values {
  if (detail) {
    const { fecha, rubro, tipo_doc, ndoc, rsocial, observacion, cta_detraccion, cta_deposito } = detail;
    return { fecha, rubro, tipo_doc, ndoc, rsocial, observacion, cta_detraccion, cta_deposito };
  }
  return {
    fecha: today,
    rubro: 1,
    tipo_doc: TIPOS_DOC.RUC,
    ndoc: '',
    rsocial: '',
    observacion: '',
    // The first account of each type; the rate follows the detraction account.
    cta_detraccion: firstOf(cuentas, 'detraccion'),
    cta_deposito: firstOf(cuentas, 'deposito'),
  };
}

/** The body is built from the form's own values (the schema's output turns '' into null); the schema judges it. */
function bodyOf(v: Values, detail: ValorizaDetail | null, lines: ValItem[], trash: ValItem[]): ValorizaForm {
  return {
    valoriza_id: detail?.valoriza_id ?? null,
    fecha: v.fecha,
    rubro: Number(v.rubro),
    tipo_doc: Number(v.tipo_doc),
    ndoc: v.ndoc,
    rsocial: v.rsocial.trim(),
    observacion: v.observacion.trim(),
    cta_detraccion: v.cta_detraccion ? Number(v.cta_detraccion) : null,
    cta_deposito: v.cta_deposito ? Number(v.cta_deposito) : null,
    partesdiarios: lines.map(bodyItem),
    trash: trash.flatMap((l) => (l.parte_id ? [l.parte_id] : [])),
    editorMode: detail ? 'editar' : 'crear',
  };
}

/** The name of the document type ('DNI', 'RUC'), the number field's label. */
export const docNameOf = (tipo: number) => LABELS.docTypes[tipo - 1]?.name ?? V.document;

export function useValorizaForm(detail: ValorizaDetail | null, cuentas: CuentaRow[]) {
  const session = useSession();
  const editing = detail !== null;
  const form = useForm<Values>({
    resolver: contractResolver(valorizaBody),
    defaultValues: defaultsOf(detail, cuentas, session?.date ?? limaDate()),
    ...FORM_VALIDATION,
  });
  const { formState, trigger, watch, control } = form;
  // The detail is loaded before the editor mounts: its reports are the initial lines; the sub-modal's index and
  // the trash come from the kit.
  const md = useMasterDetail<ValItem>({
    editing: false,
    keyOf: (l) => l.parte_id,
    initialLines: (detail?.partesdiarios ?? []).map(itemOf),
  });

  useEffect(() => {
    if (editing) void trigger();
  }, [editing, trigger]);

  const tipoDoc = useWatch({ control, name: 'tipo_doc' });
  const body = bodyOf(watch(), detail, md.lines.lines, md.trash);
  const dirty = formState.isDirty || md.dirty;
  const gate = useFormGate({
    schema: valorizaBody,
    values: body,
    labels: {
      fecha: V.date,
      rubro: V.rubro,
      tipo_doc: V.tipoDoc,
      ndoc: docNameOf(Number(tipoDoc)),
      rsocial: V.rsocial,
      observacion: V.observation,
      cta_detraccion: V.ctaDetraccion,
      cta_deposito: V.ctaDeposito,
      partesdiarios: V.reports,
    },
    worked: formState,
    extra: md.lines.lines.length === 0 ? { path: 'partesdiarios', message: FIELD.required } : null,
  });
  return { form, md, body, dirty, gate, editing };
}

export type ValorizaFormState = ReturnType<typeof useValorizaForm>;
