import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '../runtime-config.ts';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export const RuntimeConfigProvider = RuntimeConfigContext.Provider;

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('RuntimeConfigProvider is missing');
  return config;
}

/** The runtime config when a provider is there (the app always has one; a component rendered alone may not). */
export const useOptionalRuntimeConfig = (): RuntimeConfig | null => useContext(RuntimeConfigContext);
