// The footer's copyright line with the office name and the current Lima year.
import { LOGIN_LABELS as LABELS } from '@shared/messages-login';
import { limaDate } from '@shared/domain/dates';

export function Copyright({ officeName, className }: { officeName: string; className?: string }) {
  return <p className={className}>{LABELS.shell.copyright(officeName, limaDate().slice(0, 4))}</p>;
}
