import { afterEach, vi } from 'vitest';

/** Stray console output fails the test that made it (house style rule 25). */
const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
const calls: string[] = [];
for (const method of methods) {
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    calls.push(`console.${method}: ${args.map(String).join(' ')}`);
  });
}
afterEach(() => {
  if (calls.length === 0) return;
  const made = calls.splice(0);
  throw new Error(`Unexpected console output:\n${made.join('\n')}`);
});
