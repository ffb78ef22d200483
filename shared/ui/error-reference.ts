import { createContext } from 'react';

/**
 * The trace id of the request a server error page answers (server/render/entry.server.tsx provides it), shown so a
 * visitor's report can be found in the logs. Never in a stored page: only error pages show it, and they are not kept.
 */
export const ErrorReferenceContext = createContext<string | undefined>(undefined);
