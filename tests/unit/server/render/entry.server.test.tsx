/** server/render/entry.server.tsx: the writer React streams into. */
import { Writable, type TransformCallback } from 'node:stream';
import { Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FlushBatches } from '../../../../server/render/entry.server.tsx';

/** A socket stand-in: records each write it gets, and lets a test wait for the next one. */
function recordingSink() {
  const writes: string[] = [];
  let waiting: (() => void) | undefined;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString('utf8'));
      waiting?.();
      done();
    },
  });
  const nextWrite = () => new Promise<void>((resolve) => (waiting = resolve));
  const finished = new Promise<void>((resolve) => sink.once('finish', resolve));
  return { sink, writes, nextWrite, finished };
}

/** FlushBatches that counts the writes it receives (React's), to compare with the writes it sends. */
class CountedBatches extends FlushBatches {
  received = 0;
  override _transform(chunk: Buffer, encoding: BufferEncoding, done: TransformCallback) {
    this.received += 1;
    super._transform(chunk, encoding, done);
  }
}

describe('FlushBatches', () => {
  it('sends each batch of writes as one chunk, at flush() or at the end', async () => {
    const batches = new FlushBatches();
    const { sink, writes, nextWrite, finished } = recordingSink();
    batches.pipe(sink);
    for (const part of ['<ul>', '<li>Ак-Шийрак</li>', '<li>Федченко</li>']) batches.write(part);
    // held: nothing reached the readable side
    expect(batches.readableLength).toBe(0);
    expect(writes).toEqual([]);
    let next = nextWrite();
    batches.flush();
    await next;
    expect(writes).toEqual(['<ul><li>Ак-Шийрак</li><li>Федченко</li>']);
    // a flush with nothing pending sends nothing
    batches.flush();
    batches.write('</ul>');
    next = nextWrite();
    batches.end();
    await next;
    await finished;
    expect(writes).toEqual(['<ul><li>Ак-Шийрак</li><li>Федченко</li>', '</ul>']);
  });

  it('sends each of React’s flushes as it happens: the shell first, a Suspense boundary when it is done', async () => {
    let reveal: (text: string) => void = () => {};
    const late = new Promise<string>((resolve) => (reveal = resolve));
    function Late() {
      return <p id="late">{use(late)}</p>;
    }
    // a shell of ~16 KB: React writes it in many pieces
    const items = Array.from({ length: 400 }, (_, i) => `Ледник номер ${i}`);
    const batches = new CountedBatches();
    const { sink, writes, nextWrite, finished } = recordingSink();
    batches.pipe(sink);
    const shell = nextWrite();
    let fail: (err: unknown) => void = () => {};
    const failed = new Promise<never>((_, reject) => (fail = reject));
    const { pipe } = renderToPipeableStream(
      <main>
        <ul>
          {items.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <Suspense fallback={<p id="wait">…</p>}>
          <Late />
        </Suspense>
      </main>,
      { onShellReady: () => pipe(batches), onShellError: fail },
    );
    await Promise.race([shell, failed]);
    // the shell went out before the boundary resolved, in one write
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('Ледник номер 399');
    expect(writes[0]).toContain('id="wait"');
    expect(writes[0]).not.toContain('id="late"');
    const shellWrites = batches.received;
    expect(shellWrites).toBeGreaterThan(1);

    reveal('Пик Ленина');
    await finished;
    // the boundary's content and its reveal script: React's second flush, one more write
    expect(writes).toHaveLength(2);
    expect(writes[1]).toContain('<p id="late">Пик Ленина</p>');
    expect(batches.received).toBeGreaterThan(shellWrites);
  });
});
