// Opening a server-built PDF from a button: which button is busy (its spinner), and the refusal shown as the
// server's reason ('La fecha inicial…'), or 'No se pudo generar el archivo' when there is none (no connection).
import { useCallback, useMemo, useState } from 'react';
import { LABELS } from '@shared/messages';
import { ApiError } from '@client/lib/api';
import { toast } from '@client/lib/toast';

export function pdfErrorMessage(err: unknown): string {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : LABELS.exportFailed;
}

export function usePdfAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(async (key: string, open: () => Promise<void>): Promise<boolean> => {
    setBusy(key);
    try {
      await open();
      return true;
    } catch (err) {
      toast.error(pdfErrorMessage(err));
      return false;
    } finally {
      setBusy(null);
    }
  }, []);
  return useMemo(() => ({ busy, run }), [busy, run]);
}
