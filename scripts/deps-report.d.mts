export function release(version: string): [number, number, number] | undefined;
export function newerOnLine(pinned: string, versions: string[]): string | undefined;
export interface OutdatedEntry {
  current?: string;
  wanted: string;
  latest: string;
  type: string;
}
export function depsReport(input: {
  outdated: Record<string, OutdatedEntry>;
  runtimePins: { what: string; version: string }[];
  runtimeVersions: string[];
}): string[];
