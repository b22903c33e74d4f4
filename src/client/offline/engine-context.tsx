// React access to the sync engine: the app's default one, or an injected one (tests, storybook-like pages).
import { createContext, useContext, type ReactNode } from 'react';
import { getDefaultEngine } from './default-engine';
import type { SyncEngine } from './sync';

const EngineContext = createContext<SyncEngine | null>(null);

export function OfflineEngineProvider({ engine, children }: { engine: SyncEngine; children: ReactNode }) {
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}

/** The engine of the nearest OfflineEngineProvider, else the app's default engine. */
export function useSyncEngine(): SyncEngine {
  return useContext(EngineContext) ?? getDefaultEngine();
}
