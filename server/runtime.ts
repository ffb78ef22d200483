/**
 * The Node.js majors the server runs on (package.json `engines.node`): the maintained LTS lines from 22.12 on. An
 * older or end-of-life runtime gets no security fixes, so the server refuses to start on one (ADR 0096).
 */
export function unsupportedRuntime(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const supported = (major === 22 && minor >= 12) || major === 24 || major === 26;
  return supported
    ? undefined
    : `Node.js ${version} is not supported: use 22.12+, 24 or 26 (npm install puts the pinned Node 24 in node_modules/.bin; npm start uses it)`;
}
