// Loading spinner with an accessible label (role=status).
import { LoaderCircle } from 'lucide-react';
import { LABELS, MSG } from '@shared/messages';
import { cn } from '@client/lib/cn';

export interface SpinnerProps {
  /** Text read by screen readers and shown beside the spinner when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}

const SIZE = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ label = LABELS.loading, showLabel = false, className, size = 'md' }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <LoaderCircle className={cn('animate-spin text-primary', SIZE[size])} aria-hidden="true" />
      {showLabel ? <span className="text-sm">{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}

/** Body of a modal whose record is still loading: the spinner, or 'No se pudo cargar…' once the load failed. */
export function LoadingBody({ failed }: { failed: boolean }) {
  return (
    <div className="flex justify-center py-6">
      {failed ? <p className="text-sm text-destructive">{MSG.loadFailed}</p> : <Spinner showLabel />}
    </div>
  );
}
