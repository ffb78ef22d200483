import { afterEach, expect, vi } from 'vitest';

/** Stray console output fails the test that made it (house style rule 25). */
const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
const calls: string[] = [];
for (const method of methods) {
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${method}: ${args.map(String).join(' ')}`);
  });
}
afterEach(() => {
  const made = calls.splice(0);
  expect(made, 'unexpected console output').toEqual([]);
});
