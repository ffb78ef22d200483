/**
 * Where one request spent its time, as `Server-Timing` (https://www.w3.org/TR/server-timing/) and the request log
 * line show it: the cache outcome, and when it loaded data the upstream calls it made, and on a render the time to the shell.
 */
export interface RequestTiming {
  /** upstream calls this request made (answers from the upstream cache are no calls) */
  upstreamCalls: number;
  /** their durations, summed */
  upstreamMs: number;
  /** the render of the document to its shell, loaders included */
  renderMs?: number;
}

export const newTiming = (): RequestTiming => ({ upstreamCalls: 0, upstreamMs: 0 });

const ms = (value: number) => Math.round(value * 10) / 10;

/**
 * The header's value: `cache;desc=hit|miss|stale|bypass` when the answer has an outcome, the upstream time with its
 * number of calls and the render's time to the shell when it rendered, and `total`: the server's time until the
 * headers were sent (a streamed document goes on after them). Names and numbers only: no host, port or path.
 */
export function serverTimingHeader(
  cache: string | undefined,
  timing: RequestTiming | undefined,
  totalMs: number,
): string {
  let value = cache === undefined ? '' : `cache;desc=${cache}, `;
  if (timing && (timing.upstreamCalls > 0 || timing.renderMs !== undefined)) {
    const calls = timing.upstreamCalls;
    value += `upstream;dur=${ms(timing.upstreamMs)};desc="${calls} ${calls === 1 ? 'call' : 'calls'}", `;
  }
  if (timing?.renderMs !== undefined) value += `render;dur=${ms(timing.renderMs)};desc="to shell", `;
  return `${value}total;dur=${ms(totalMs)}`;
}
