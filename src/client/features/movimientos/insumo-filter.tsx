// Kardex supply filter: a searchable select over the supplies catalogue whose first choice is 'Todos' (0). Back to
// 'Todos' without typing: the ✕ beside a chosen supply, or emptying the field.
import { useCallback, useEffect, useId, useState } from 'react';
import type { InsumoRow } from '@shared/contract/insumos';
import { LABELS } from '@shared/messages';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { filterInsumos } from '@client/components/insumo-search';
import { Typeahead } from '@client/components/typeahead';
import { IconButton } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { X } from 'lucide-react';

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
      <div className="flex items-center gap-1">
        <div className="min-w-0 flex-1">
          <Typeahead<Choice>
            id={`${id}-supply`}
            aria-label={LABELS.almacen.supply}
            placeholder={LABELS.almacen.supplyPlaceholder}
            value={text}
            onInputChange={setText}
            onBlur={() => {
              if (text.trim() === '' && value !== 0) onChange(0);
              else setText(value === 0 ? LABELS.all : selected ? labelOf(selected) : '');
            }}
            search={search}
            getKey={(c) => c.id}
            getLabel={(c) => c.label}
            onSelect={(c) => onChange(c.id)}
          />
        </div>
        {value !== 0 && (
          <IconButton size="icon" aria-label={LABELS.almacen.allSupplies} onClick={() => onChange(0)}>
            <X />
          </IconButton>
        )}
      </div>
    </div>
  );
}
