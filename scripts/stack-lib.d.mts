export const INSTALL_HINT: string;
export const VARNISH_INSTALL_HINT: string;
/** the locale cookie's name, the one cookie Varnish keeps (at `/`) */
export const LOCALE_COOKIE: string;
export function findPrograms(): { redis?: string; nginx?: string; brotli: boolean; missing: string[] };
/** varnishd and the xkey vmod (varnish-modules), for `STACK_CDN=varnish` */
export function findVarnish(): { varnishd?: string; missing: string[] };
export { freePort, root, waitForOk } from './local-server.mjs';

export type StackLog = (name: string, line: string) => void;

/** A supervised child process: started again when it exits on its own, until stop(). */
export interface Supervised {
  readonly pid: number | undefined;
  readonly restarts: number;
  port: number;
  url: string;
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): boolean | undefined;
  stop(graceMs?: number): Promise<void>;
  resume(): Promise<void>;
}

export function startRedis(options: {
  dir: string;
  port: number;
  log: StackLog;
  program?: string;
}): Promise<Supervised>;
export function startContentApi(options: { port: number; dir: string; log: StackLog }): Promise<Supervised>;
/** A BFF replica: its public URL and its own /metrics listener (METRICS_PORT). */
export type Bff = Supervised & { metricsUrl: string };
export function startBff(options: {
  port: number;
  /** the replica's METRICS_PORT (loopback) */
  metricsPort: number;
  index: number;
  upstreamUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
  log: StackLog;
}): Promise<Bff>;
/** nginx: its public URL, its configuration and access log (it keeps no copies, ADR 0122) */
export type Nginx = Supervised & { conf: string; accessLog: string };
export function startNginx(options: {
  dir: string;
  port: number;
  servers: string[];
  log: StackLog;
  program?: string;
  failTimeout?: string;
}): Promise<Nginx>;
/** deploy/varnish/default.vcl.template rendered */
export function renderVarnishConfig(options: { backendHost: string; backendPort: number; purgers: string[] }): string;
/** Varnish in front of nginx: its public URL, where purges go (PURGE with xkey or xkey-softpurge), the VCL file */
export type Varnish = Supervised & { purgeUrl: string; vcl: string };
export function startVarnish(options: {
  dir: string;
  port: number;
  backendPort: number;
  log: StackLog;
  program?: string;
}): Promise<Varnish>;

export interface Stack {
  url: string;
  dir: string;
  redis: Supervised;
  contentApi: Supervised | undefined;
  upstreamUrl: string;
  bffs: Bff[];
  nginx: Nginx;
  /** Varnish in front (cdn: 'varnish'), else undefined */
  cdn: Varnish | undefined;
  stop(): Promise<void>;
}
export function startStack(options?: {
  replicas?: number;
  port?: number;
  /** a CDN tier in front of nginx */
  cdn?: 'varnish';
  upstreamUrl?: string;
  env?: Record<string, string>;
  failTimeout?: string;
  log?: StackLog;
}): Promise<Stack>;
