/**
 * Teardown at the end of the test file, from wherever it is asked for. Vitest never runs an `afterAll` registered
 * while a `beforeAll` or a test runs (the helpers below are called from both), so apps, fake upstreams and Redis
 * stayed open for the rest of the worker's run; tests/setup/file-end.ts runs these after every file, last asked first.
 */
const pending: (() => unknown)[] = [];

export function atFileEnd(teardown: () => unknown): void {
  pending.push(teardown);
}

export async function runFileEnd(): Promise<void> {
  const errors: unknown[] = [];
  for (let teardown = pending.pop(); teardown; teardown = pending.pop()) {
    try {
      await teardown();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, 'a teardown at the end of the file failed');
}
