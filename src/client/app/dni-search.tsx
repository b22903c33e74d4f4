// Top-bar DNI search: POST /api/search { dni } and the matching operator or person in a modal.
import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, Search } from 'lucide-react';
import { searchApi, type SearchItem } from '@shared/contract/search';
import { LABELS } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FieldError, Input } from '@client/components/ui/input';
import { ApiError, call } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { checkDni, dniInputValue, DNI_LENGTH } from './dni';

export function DniSearch({ search = (dni: string) => call(searchApi.person, { body: { dni } }) }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ dni: string; items: SearchItem[] } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkDni(value);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(undefined);
    setValue(check.dni);
    setBusy(true);
    try {
      const answer = await search(check.dni);
      setResult({ dni: check.dni, items: answer.items ?? [] });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(err.fieldErrors?.dni ?? err.message);
      else if (!(err instanceof ApiError && err.status === 401)) toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form role="search" noValidate onSubmit={(e) => void submit(e)} className="relative flex items-start">
        <label htmlFor={id} className="sr-only">
          {LABELS.shell.dniSearch}
        </label>
        <div>
          <Input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            required
            // No maxLength: the browser would cut a pasted 9-digit number to 8 without a word (see dniInputValue).
            minLength={DNI_LENGTH}
            placeholder={LABELS.shell.dniPlaceholder}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-msg` : undefined}
            onChange={(e) => {
              const next = dniInputValue(e.target.value);
              if (next === null) return setError(LABELS.shell.dniTooLong);
              setValue(next);
              setError(undefined);
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
