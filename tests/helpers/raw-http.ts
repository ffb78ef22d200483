import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 request written byte for byte on a real socket (fetch would refuse a malformed Host or rewrite the
 * path), answered with `Connection: close` and read to the end. Chunked bodies are de-chunked. A `content-length`
 * given in `headers` is sent as it is (a body announced and never sent); otherwise the body's length is.
 */
export function rawRequest(
  port: number,
  target: string,
  headers: Record<string, string | undefined> = {},
  method = 'GET',
  body?: string | Buffer,
): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`];
  const all: Record<string, string | undefined> = { host: `127.0.0.1:${port}`, connection: 'close', ...headers };
  for (const [key, value] of Object.entries(all)) if (value !== undefined) lines.push(`${key}: ${value}`);
  if (body !== undefined && all['content-length'] === undefined)
    lines.push(`content-length: ${Buffer.byteLength(body)}`);
  const bytes = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body ?? '')]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        parsed[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      let rest = raw.subarray(split + 4);
      if (parsed['transfer-encoding'] === 'chunked') {
        const parts: Buffer[] = [];
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = parseInt(rest.subarray(0, eol).toString('latin1'), 16);
          if (!size) break;
          parts.push(rest.subarray(eol + 2, eol + 2 + size));
          rest = rest.subarray(eol + 2 + size + 2);
        }
        rest = Buffer.concat(parts);
      }
      const text = rest.toString('utf8');
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: text });
    });
  });
}
