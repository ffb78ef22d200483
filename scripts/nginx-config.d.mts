export interface NginxConfigOptions {
  /** absolute path of the brotli filter module to load_module; unset: loaded by the distribution's modules-enabled */
  brotliModule?: string;
  workerProcesses?: number | 'auto';
  pid: string;
  errorLog: string;
  accessLog: string;
  /** where nginx keeps request bodies and proxied responses in transit (a writable directory when not root) */
  tempDir?: string;
  /** host:port of each BFF replica */
  servers: string[];
  /** how long a failed replica is left out (passive health check) */
  failTimeout?: string;
  listen: string;
  /** the build's client directory (its assets/ are served by nginx) */
  clientDir: string;
  /** Varnish is in front and purges by the BFF's Surrogate-Key: passed on (otherwise hidden from visitors) */
  behindVarnish?: boolean;
}
export const BROTLI_MODULE: string;
export function renderNginxConfig(options: NginxConfigOptions): string;
export function composeNginxConfig(options?: { behindVarnish?: boolean }): string;
export function hasBrotliModule(): boolean;
