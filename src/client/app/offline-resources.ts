// Every offline resource of the app: each feature's declaration (features/<resource>/offline.ts(x), found by name,
// so a new offline form needs no line here) registered with the engine before it starts (main.tsx), and the
// catalogues the engine keeps on the device after each login: those the declarations need and those of the screens
// the user can open (app/screens.ts).
import { CATALOG, type CatalogName } from '@client/components/catalogs';
import { getSession } from '@client/lib/session';
import { isOfflineResource, registerOfflineResource, type Catalog } from '@client/offline';
import { SCREENS, type ScreenDef } from './screens';

const modules = import.meta.glob<Record<string, unknown>>(['../features/*/offline.ts', '../features/*/offline.tsx'], { eager: true });

for (const mod of Object.values(modules))
  for (const value of Object.values(mod)) if (isOfflineResource(value)) registerOfflineResource(value);

const opens = (def: ScreenDef, roles: readonly number[]) =>
  def.code === undefined || (typeof def.code === 'number' ? [def.code] : def.code).some((c) => roles.includes(c));

/** @public The catalogues of the screens the session's user can open (main.tsx, through a dynamic import). */
export function screenCatalogs(): Catalog[] {
  const roles = getSession()?.roles ?? [];
  const names = new Set<CatalogName>();
  for (const def of Object.values(SCREENS) as ScreenDef[])
    if (def.load && opens(def, roles)) for (const n of def.catalogs ?? []) names.add(n);
  return [...names].map((n) => CATALOG[n] as Catalog);
}
