// Every offline resource of the app: each feature's declaration (features/<resource>/offline.ts(x), found by name,
// so a new offline form needs no line here) registered with the engine before it starts (main.tsx).
import { registerOfflineResource, type OfflineResourceInfo } from '@client/offline';

const declarations = import.meta.glob<OfflineResourceInfo>(['../features/*/offline.ts', '../features/*/offline.tsx'], {
  eager: true,
  import: 'default',
});

for (const resource of Object.values(declarations)) registerOfflineResource(resource);
