import type { InstrumentRouteFunction } from 'react-router';
import { endSpan, startSpan, withSpan } from './spans.ts';

/**
 * React Router's route instrumentation (`createStaticHandler`'s `instrumentations`): each loader a document or a
 * payload runs is a span `loader <route id>` of the request's trace, failed when the loader threw. With tracing off
 * it only runs the loader.
 */
export const loaderSpans: InstrumentRouteFunction = (route) => {
  route.instrument({
    loader: async (handler) => {
      const span = startSpan(`loader ${route.id}`, { 'app.route.id': route.id });
      if (!span) {
        await handler();
        return;
      }
      const result = await withSpan(span, handler);
      endSpan(span, result.status === 'error' ? result.error : undefined);
    },
  });
};
