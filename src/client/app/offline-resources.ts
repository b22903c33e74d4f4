// Every offline resource of the app: each feature's declaration (features/<resource>/offline.ts(x), found by name,
// so a new offline form needs no line here) registered with the engine before it starts (main.tsx).
import { isOfflineResource, registerOfflineResource } from '@client/offline';

const modules = import.meta.glob<Record<string, unknown>>(['../features/*/offline.ts', '../features/*/offline.tsx'], { eager: true });

for (const mod of Object.values(modules))
  for (const value of Object.values(mod)) if (isOfflineResource(value)) registerOfflineResource(value);
