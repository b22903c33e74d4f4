// Welcome screen: the logos and the office title, greeting the logged-in user; below, the cards of
// the office's day (features/inicio).
import { LABELS } from '@shared/messages';
import { useSession } from '@client/lib/session';
import { useOfficeSettings } from '@client/lib/settings';
import { InicioCards } from '@client/features/inicio/inicio-cards';
import { Emblem } from './brand';

/** @public loaded by name through lazyRouteComponent in router.tsx */
export function WelcomePage() {
  const settings = useOfficeSettings();
  const session = useSession();
  return (
    // From the top: centred, the page left ~250 px empty above the card on an upright tablet, and moved when a card
    // of the day arrived late.
    <section className="flex min-h-full flex-col items-center justify-start p-4 md:p-6" aria-labelledby="welcome-title">
      <div className="w-full max-w-3xl rounded-xl border border-border bg-white p-8 text-center shadow-sm">
        <div className="flex items-center justify-center gap-6">
          <Emblem className="size-24 md:size-32" />
        </div>
        <p className="mt-6 text-sm font-semibold tracking-widest text-brand-600 uppercase">{settings.officeName}</p>
        <h1 id="welcome-title" className="mt-2 text-2xl font-bold text-slate-800 md:text-3xl">
          {settings.shortName}
        </h1>
        <p className="mt-1 text-lg text-slate-600">{LABELS.shell.appName}</p>
        <hr className="mx-auto my-6 w-24 border-t-2 border-amber-400" />
        {session && <p className="text-base text-slate-700">{LABELS.shell.welcome(session.user.fullName)}</p>}
        <p className="mt-1 text-sm text-slate-500">{LABELS.shell.welcomeHint}</p>
      </div>
      <InicioCards />
    </section>
  );
}
