// The footer's copyright line with the office name and the current Lima year (no Intl: app/long-date.ts).
import { LOGIN_LABELS as LABELS } from '@shared/messages-login';
import { limaYear } from './long-date';

export function Copyright({ officeName, className }: { officeName: string; className?: string }) {
  return <p className={className}>{LABELS.shell.copyright(officeName, limaYear())}</p>;
}
