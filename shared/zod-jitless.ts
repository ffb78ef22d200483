import { z } from 'zod';

// zod's JIT probes `new Function` when an object schema is built, which the CSP refuses (an `eval` violation). Every
// browser module that builds or imports schemas imports this module FIRST, so the setting is in place before any
// schema module is evaluated. The server (SSR bundle included) keeps the JIT: it is faster there and CSP-free.
if (typeof window !== 'undefined') z.config({ jitless: true });
