import { afterAll } from 'vitest';
import { runFileEnd } from '../helpers/file-end.ts';

// a file-level hook of every test file: what the helpers asked to close when the file ends (tests/helpers/file-end.ts)
afterAll(runFileEnd);
