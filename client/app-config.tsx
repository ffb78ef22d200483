import { createContext, useContext } from 'react';
import type { AppConfig } from '../shared/app-config.ts';

const AppConfigContext = createContext<AppConfig | null>(null);

export const AppConfigProvider = AppConfigContext.Provider;

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('AppConfigProvider is missing');
  return config;
}
