// What `npm run deps` reports, as pure functions of what npm says (tests/unit/scripts/deps-report.test.ts).

/** [major, minor, patch] of a plain release (`24.22.3`); undefined for a pre-release or anything else. */
export const release = (version) => {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(String(version));
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
};

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The newest plain release of `versions` on the same major as `pinned`, when it is newer than `pinned`. */
export function newerOnLine(pinned, versions) {
  const base = release(pinned);
  if (!base) return undefined;
  const line = versions.map(release).filter((v) => v !== undefined && v[0] === base[0] && compare(v, base) > 0);
  const newest = line.sort(compare).at(-1);
  return newest && newest.join('.');
}

/**
 * The report's lines from `npm outdated --json` and the registry's releases of the runtime package: the pinned
 * runtime and the test runtimes with a newer patch of their line, direct dependencies with a newer release inside
 * their range (`npm update` takes it), and those a major behind.
 */
export function depsReport({ outdated, runtimePins, runtimeVersions }) {
  const runtimes = runtimePins
    .map(({ what, version }) => ({ what, version, newer: newerOnLine(version, runtimeVersions) }))
    .filter((r) => r.newer !== undefined)
    .map((r) => `  ${r.what.padEnd(28)} ${r.version.padEnd(10)} → ${r.newer}`);
  const entries = Object.entries(outdated).filter(([, info]) => info.current !== undefined);
  const inRange = entries
    .filter(
      ([, info]) =>
        release(info.wanted) && release(info.current) && compare(release(info.wanted), release(info.current)) > 0,
    )
    .map(([name, info]) => `  ${name.padEnd(28)} ${info.current.padEnd(10)} → ${info.wanted.padEnd(10)} ${info.type}`);
  const majorBehind = entries
    .filter(
      ([, info]) => release(info.latest) && release(info.current) && release(info.latest)[0] > release(info.current)[0],
    )
    .map(([name, info]) => `  ${name.padEnd(28)} ${info.current.padEnd(10)} → ${info.latest.padEnd(10)} ${info.type}`);
  const section = (title, lines, none) => (lines.length > 0 ? [title, ...lines] : [none]);
  return [
    ...section(
      'A newer patch of a pinned runtime (package.json optionalDependencies, testRuntimes, the Dockerfiles):',
      runtimes,
      'Every pinned runtime is on the newest patch of its line.',
    ),
    ...section(
      'A newer release inside the range (npm update NAME):',
      inRange,
      'Every direct dependency is on the newest release of its range.',
    ),
    ...section(
      'A major behind (held ones: docs/decisions/0096-node-24-runtime-and-dependency-majors.md):',
      majorBehind,
      'Every dependency is on its newest major.',
    ),
  ];
}
