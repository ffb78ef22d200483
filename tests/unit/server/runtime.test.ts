import { describe, expect, it } from 'vitest';
import { unsupportedRuntime } from '../../../server/runtime.ts';

describe('the runtimes the server starts on', () => {
  it('takes the maintained LTS lines: 22.12+, 24 and 26', () => {
    for (const version of ['v22.12.0', 'v22.23.3', 'v24.0.0', 'v24.21.0', 'v26.12.0'])
      expect(unsupportedRuntime(version), version).toBeUndefined();
  });

  it('refuses end-of-life and odd lines, naming the ones it takes', () => {
    for (const version of ['v20.20.2', 'v22.11.0', 'v23.11.0', 'v25.9.0', 'v18.20.8'])
      expect(unsupportedRuntime(version), version).toMatch(/22\.12\+, 24 or 26/);
  });

  it('is the runtime this suite runs on', () => {
    expect(unsupportedRuntime(process.version)).toBeUndefined();
  });
});
