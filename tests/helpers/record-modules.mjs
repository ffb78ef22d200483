// `node --import ./tests/helpers/record-modules.mjs …`: writes the URL of every module the process resolved to the
// file RECORD_MODULES_TO when it exits, one per line (Node's synchronous module hooks), so a test can see what a
// server loaded.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const out = process.env.RECORD_MODULES_TO;
if (out) {
  const urls = new Set();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      urls.add(resolved.url);
      return resolved;
    },
  });
  process.once('exit', () => writeFileSync(out, [...urls].join('\n')));
}
