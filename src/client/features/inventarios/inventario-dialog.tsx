// NUEVO INVENTARIO: the count's date (not after today), a description, and all supplies or a selection picked with
// the supply typeahead (the catalogue on the device, by code or name), each chosen supply removable. The server
// makes the sheet with each supply's kardex quantity at the end of that date; the count screen opens on it.
import { useCallback, useId, useMemo, useState } from 'react';
import { X } from 'lucide-react';
import { inventarioBody, type InventarioDetail } from '@shared/contract/inventarios';
import type { InventarioBody } from '@shared/contract/inventarios';
import type { InsumoRow } from '@shared/contract/insumos';
import { limaDate } from '@shared/domain/dates';
import { LABELS, MSG } from '@shared/messages';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { DateField, TextField } from '@client/components/form-field';
import { useFormGate } from '@client/components/form-gate';
import { FormModal } from '@client/components/form-modal';
import { filterInsumos } from '@client/components/insumo-search';
import { Typeahead } from '@client/components/typeahead';
import { Button, IconButton } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { useCreateInventario } from './api';

const L = LABELS.inventarios;
const FIELDS = { fecha: L.date, descripcion: L.description, insumos: L.scope };
const labelOf = (r: Pick<InsumoRow, 'insumo_codigo' | 'insumo_name'>) => `${r.insumo_codigo} - ${r.insumo_name}`;

export function InventarioDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (d: InventarioDetail) => void }) {
  const id = useId();
  const today = useSession()?.date ?? limaDate();
  const catalog = useCatalog(CATALOG.insumos);
  const [fecha, setFecha] = useState(today);
  const [descripcion, setDescripcion] = useState('');
  const [todos, setTodos] = useState(false);
  const [chosen, setChosen] = useState<InsumoRow[]>([]);
  const [text, setText] = useState('');
  const create = useCreateInventario();
  const body = useMemo(
    () => ({ fecha, descripcion, todos, insumos: todos ? [] : chosen.map((c) => c.id) }),
    [fecha, descripcion, todos, chosen],
  );
  const dirty = fecha !== today || descripcion !== '' || todos || chosen.length > 0;
  const gate = useFormGate({ schema: inventarioBody, values: body, labels: FIELDS });
  const search = useCallback(
    async (q: string) => {
      const taken = new Set(chosen.map((c) => c.id));
      return filterInsumos(catalog.data ?? [], q).filter((r) => !taken.has(r.id));
    },
    [catalog.data, chosen],
  );

  return (
    <FormModal
      title={L.create}
      width="lg"
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={async () => {
        const d = await create.mutateAsync(inventarioBody.parse(body) as InventarioBody);
        toast.success(MSG.saved);
        onCreated(d);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <DateField label={L.date} required value={fecha} max={today} onValueChange={setFecha} />
          <FieldError message={gate.errorAt('fecha')} />
        </div>
        <TextField
          className="sm:col-span-2"
          label={L.description}
          required
          maxLength={250}
          value={descripcion}
          onChange={(e) => setDescripcion(e.target.value)}
          error={gate.errorAt('descripcion')}
        />
      </div>
      <p className="text-xs text-muted-foreground">{L.systemHint}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{L.scope}</legend>
        <div className="flex flex-wrap gap-2">
          {(
            [
              [false, L.selection],
              [true, L.all],
            ] as const
          ).map(([v, label]) => (
            <Button
              key={label}
              variant={todos === v ? 'default' : 'outline'}
              className="min-h-11"
              aria-pressed={todos === v}
              onClick={() => setTodos(v)}
            >
              {label}
            </Button>
          ))}
        </div>
        {!todos && (
          <>
            <Label htmlFor={`${id}-supply`}>{L.addSupply}</Label>
            <Typeahead<InsumoRow>
              id={`${id}-supply`}
              placeholder={L.searchSupply}
              value={text}
              onInputChange={setText}
              search={search}
              getKey={(r) => r.id}
              getLabel={labelOf}
              renderItem={(r) => (
                <span>
                  {labelOf(r)} <span className="text-muted-foreground">({r.unimed})</span>
                </span>
              )}
              onSelect={(r) => {
                setChosen((c) => (c.some((x) => x.id === r.id) ? c : [...c, r]));
                setText('');
              }}
            />
            <p className="text-sm text-slate-600" aria-live="polite">
              {L.chosen(chosen.length)}
            </p>
            {chosen.length > 0 && (
              <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto" aria-label={L.scope}>
                {chosen.map((c) => (
                  <li key={c.id} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-2 py-1 text-sm">
                    <span className="min-w-0 break-words">{labelOf(c)}</span>
                    <IconButton
                      aria-label={L.removeSupply(c.insumo_codigo)}
                      onClick={() => setChosen((x) => x.filter((y) => y.id !== c.id))}
                    >
                      <X aria-hidden="true" />
                    </IconButton>
                  </li>
                ))}
              </ul>
            )}
            <FieldError message={gate.errorAt('insumos')} />
          </>
        )}
      </fieldset>
    </FormModal>
  );
}
