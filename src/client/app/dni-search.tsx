// Top-bar DNI search: POST /api/search { dni } and the matching operator or person in a modal. The box follows the
// kit's document rule (useDocumentLookup); Buscar checks the contract's `searchTyped` and sends the DNI padded to 8.
import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, Search } from 'lucide-react';
import { searchApi, type SearchAnswer } from '@shared/contract/search';
import { LABELS } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { useDocumentLookup } from '@client/components/use-document-lookup';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FieldError, Input } from '@client/components/ui/input';
import { call } from '@client/lib/api';
import { checkDni, DNI_LENGTH } from './dni';

export function DniSearch({ search = (dni: string) => call(searchApi.person, { body: { dni } }) }) {
  const id = useId();
  const [value, setValue] = useState('');
  /** The submit check's message (required, digits, at least 8). */
  const [checkError, setCheckError] = useState<string>();
  const [result, setResult] = useState<{ dni: string; items: SearchAnswer['items'] } | null>(null);
  const lookup = useDocumentLookup<SearchAnswer>({
    kind: 'DNI',
    value,
    auto: false,
    find: (dni) => search(dni),
    onFound: (answer, dni) => setResult({ dni, items: answer.items ?? [] }),
  });
  const busy = lookup.status === 'searching';
  const error = checkError ?? lookup.message;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkDni(value);
    if (!check.ok) {
      setCheckError(check.error);
      return;
    }
    setCheckError(undefined);
    setValue(check.dni);
    lookup.search(check.dni);
  };

  return (
    <>
      <form role="search" noValidate onSubmit={submit} className="relative flex items-start">
        <label htmlFor={id} className="sr-only">
          {LABELS.shell.dniSearch}
        </label>
        <div>
          <Input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            required
            // No maxLength: the rule refuses a longer number with a message (documentInput), the browser would cut it.
            minLength={DNI_LENGTH}
            placeholder={LABELS.shell.dniPlaceholder}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-msg` : undefined}
            onPaste={lookup.onPaste}
            onChange={(e) => {
              const next = lookup.input(e.target.value);
              if (next === null) return;
              setValue(next);
              setCheckError(undefined);
            }}
            className="h-9 w-40 rounded-r-none bg-slate-50 lg:w-52"
          />
          <div className="absolute top-full left-0 z-10 w-64 rounded bg-white shadow-sm">
            <FieldError id={`${id}-msg`} message={error} />
          </div>
        </div>
        <Button type="submit" size="icon" className="rounded-l-none" aria-label={LABELS.shell.search} disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
        </Button>
      </form>
      <Modal
        open={result !== null}
        onOpenChange={(o) => !o && setResult(null)}
        title={LABELS.shell.searchResult(result?.dni ?? '')}
        width="md"
      >
        {result && result.items.length === 0 && <p className="text-sm text-slate-600">{LABELS.shell.searchNone(result.dni)}</p>}
        <ul className="flex flex-col gap-3">
          {result?.items.map((item, i) => (
            <li key={`${item.tipo}-${i}`} className="rounded-md border border-border p-3">
              <div className="flex items-center gap-2">
                <Badge variant={item.tipo === 'OPERADOR' ? 'info' : 'secondary'}>{LABELS.shell.searchTipo[item.tipo] ?? item.tipo}</Badge>
                <span className="font-mono text-sm text-slate-600">{item.dni}</span>
              </div>
              <p className="mt-1 font-semibold text-slate-800">{item.nombres}</p>
              <p className="text-sm text-slate-600">{item.detalle}</p>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
