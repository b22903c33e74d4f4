// Toast store and <Toaster/>: title 'Aviso', 5000 ms, +1000 ms after hover, 300 ms animation,
// top-right, newest on top, click/tap to dismiss. Timers live in the store so they work without a mounted UI.
import { useSyncExternalStore } from 'react';
import { CircleAlert, CircleCheck, CircleX, Info } from 'lucide-react';
import { LOGIN_LABELS as LABELS, LOGIN_MSG as MSG } from '@shared/messages-login';
import { cn } from './cn';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  title: string;
  message: string;
  /** True during the 300 ms exit animation. */
  leaving: boolean;
}

export const TOAST_TIMING = { timeOut: 5000, extendedTimeOut: 1000, animation: 300, max: 6 } as const;

let items: ToastItem[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function clearTimer(id: number): void {
  const t = timers.get(id);
  if (t !== undefined) clearTimeout(t);
  timers.delete(id);
}

function schedule(id: number, ms: number): void {
  clearTimer(id);
  timers.set(
    id,
    setTimeout(() => dismiss(id), ms),
  );
}

function remove(id: number): void {
  clearTimer(id);
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Starts the exit animation; the toast is removed 300 ms later. */
function dismiss(id: number): void {
  const found = items.find((t) => t.id === id);
  if (!found || found.leaving) return;
  items = items.map((t) => (t.id === id ? { ...t, leaving: true } : t));
  emit();
  timers.set(
    id,
    setTimeout(() => remove(id), TOAST_TIMING.animation),
  );
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  // Newest first; beyond `max` the oldest are dropped at once.
  const next = [{ id, kind, title: MSG.toastTitle, message, leaving: false }, ...items];
  for (const old of next.slice(TOAST_TIMING.max)) clearTimer(old.id);
  items = next.slice(0, TOAST_TIMING.max);
  schedule(id, TOAST_TIMING.timeOut);
  emit();
  return id;
}

/** Imperative API usable anywhere (event handlers, mutations, the offline engine). Returns the toast id. */
export const toast = {
  info: (message: string) => show('info', message),
  success: (message: string) => show('success', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
  dismiss,
  /** Hover: stop the countdown while the pointer is over the toast. */
  pause: (id: number) => clearTimer(id),
  /** Hover end: hide after the extended 1000 ms. */
  resume: (id: number) => {
    const t = items.find((x) => x.id === id);
    if (t && !t.leaving) schedule(id, TOAST_TIMING.extendedTimeOut);
  },
  /** Removes every toast at once (logout, tests). */
  clear: () => {
    for (const id of timers.keys()) clearTimer(id);
    items = [];
    emit();
  },
};

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

const KIND_STYLE: Record<ToastKind, string> = {
  info: 'bg-sky-700 border-sky-800',
  success: 'bg-emerald-700 border-emerald-800',
  warning: 'bg-amber-600 border-amber-700',
  error: 'bg-red-700 border-red-800',
};
const KIND_ICON = { info: Info, success: CircleCheck, warning: CircleAlert, error: CircleX } as const;

/** Mount once near the root of the app. */
export function Toaster() {
  const list = useToasts();
  return (
    <div
      className="pointer-events-none fixed top-3 right-3 z-[100] flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2 print:hidden"
      data-testid="toaster"
    >
      {list.map((t) => {
        const Icon = KIND_ICON[t.kind];
        const urgent = t.kind === 'error' || t.kind === 'warning';
        return (
          <div
            key={t.id}
            role={urgent ? 'alert' : 'status'}
            aria-live={urgent ? 'assertive' : 'polite'}
            aria-atomic="true"
            title={LABELS.dismissToast}
            data-kind={t.kind}
            data-leaving={t.leaving || undefined}
            onClick={() => dismiss(t.id)}
            onMouseEnter={() => toast.pause(t.id)}
            onMouseLeave={() => toast.resume(t.id)}
            className={cn(
              'toast-enter pointer-events-auto flex cursor-pointer items-start gap-3 rounded-md border px-4 py-3 text-white shadow-lg transition-opacity duration-300',
              KIND_STYLE[t.kind],
              t.leaving && 'opacity-0',
            )}
          >
            <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div className="min-w-0">
              <p className="text-sm font-semibold">{t.title}</p>
              <p className="text-sm break-words">{t.message}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
