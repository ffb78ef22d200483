export const root: string;
export function freePort(): Promise<number>;
export function waitForPort(port: number, timeoutMs?: number): Promise<void>;
export function waitForOk(url: string, timeoutMs?: number): Promise<void>;
/** The compiled server alone on a free loopback port; resolves once /readyz answers 200. */
export function startServer(options?: {
  cwd?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<{ child: import('node:child_process').ChildProcess; origin: string; stop(): Promise<void> }>;
export interface LoadOptions {
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}
/** What the scripts read of autocannon's result. */
export interface LoadResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
/** One bounded autocannon run. */
export function load(url: string, options: LoadOptions): Promise<LoadResult>;
/** A run and the server CPU (µs) it cost per request. */
export function measure(
  pid: number,
  url: string,
  options: LoadOptions,
): Promise<{ result: LoadResult; cpuPerRequest: number }>;
/** The slug of the first news story of the English list. */
export function firstNewsSlug(origin: string): Promise<string>;
/** CPU time (µs) a process has used so far, from /proc/<pid>/stat. */
export function cpuMicros(pid: number): number;
export declare const median: (values: number[]) => number;
