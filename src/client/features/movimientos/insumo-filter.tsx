// Kardex supply filter: a searchable select over the supplies catalogue whose first choice is 'Todos' (0).
import { useCallback, useEffect, useId, useState } from 'react';
import type { InsumoRow } from '@shared/contract/insumos';
import { LABELS } from '@shared/messages';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { filterInsumos } from '@client/components/insumo-search';
import { Typeahead } from '@client/components/typeahead';
import { Label } from '@client/components/ui/label';

interface Choice {
  id: number;
  label: string;
}

const ALL: Choice = { id: 0, label: LABELS.all };
const labelOf = (r: InsumoRow) => `${r.insumo_codigo} - ${r.insumo_name}`;

export function InsumoFilter({ value, onChange }: { value: number; onChange: (insumoId: number) => void }) {
  const id = useId();
  const catalog = useCatalog(CATALOG.insumos);
  const [text, setText] = useState(LABELS.all);
  const selected = catalog.data?.find((r) => r.id === value);

  useEffect(() => setText(value === 0 ? LABELS.all : selected ? labelOf(selected) : ''), [value, selected]);

  const search = useCallback(
    async (q: string) => {
      const rows = catalog.data ?? [];
      const matches = filterInsumos(rows, q).map((r) => ({ id: r.id, label: labelOf(r) }));
      return [ALL, ...matches];
    },
    [catalog.data],
  );

  return (
    <div className="w-80">
      <Label htmlFor={`${id}-supply`}>{LABELS.almacen.supply}</Label>
      <Typeahead<Choice>
        id={`${id}-supply`}
        aria-label={LABELS.almacen.supply}
        placeholder={LABELS.almacen.supplyPlaceholder}
        value={text}
        onInputChange={setText}
        onBlur={() => setText(value === 0 ? LABELS.all : selected ? labelOf(selected) : '')}
        search={search}
        getKey={(c) => c.id}
        getLabel={(c) => c.label}
        onSelect={(c) => onChange(c.id)}
      />
    </div>
  );
}
