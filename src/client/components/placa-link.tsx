// A machine's plate that opens its record (hoja de vida, code 75) in any list: a link-styled button of at least
// 44×44 px (a tablet's touch target); plain text for a user without the code or for a record not yet on the server.
import { useNavigate } from '@tanstack/react-router';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { useHasRole } from '@client/lib/session';

/** Where a machine's record opens (the route of app/screens.ts `hojadevida`). */
export const hojaDeVidaPath = (maquinariaId: number) => `/hojadevida/${maquinariaId}`;

export function PlacaLink({ id, placa, className }: { id: number; placa: string; className?: string }) {
  const allowed = useHasRole(ROLE.hojaDeVida);
  const navigate = useNavigate();
  if (!allowed || id <= 0) return <span className={cn('whitespace-nowrap', className)}>{placa}</span>;
  return (
    <button
      type="button"
      className={cn(
        'inline-flex items-center font-medium whitespace-nowrap text-brand-700 underline decoration-dotted underline-offset-2 hover:text-brand-900 min-h-11 min-w-11',
        className,
      )}
      aria-label={LABELS.maquinarias.openRecord(placa)}
      title={LABELS.maquinarias.openRecord(placa)}
      onClick={(e) => {
        e.stopPropagation();
        void navigate({ to: hojaDeVidaPath(id) });
      }}
    >
      {placa}
    </button>
  );
}
