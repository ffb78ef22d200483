// A child process of the stack (stack-lib.mjs) that is started again when it exits on its own: its output lines go to
// `log(name, line)`, and none is left behind when the stack's own process exits.
import { spawn } from 'node:child_process';

function lines(stream, onLine) {
  let rest = '';
  stream.on('data', (chunk) => {
    rest += chunk.toString();
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) if (line) onLine(line);
  });
}

// children run in their own process groups (a terminal's Ctrl-C reaches only the stack, which stops them in order);
// should the stack itself die, they are not left behind
const live = new Set();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** One child process that is started again when it exits on its own (a crash), until stop(). */
export function supervised(name, command, args, options, log, ready) {
  let child;
  let stopping = false;
  let restarts = 0;
  let exited = Promise.resolve();
  const start = async () => {
    child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const proc = child;
    live.add(proc);
    lines(proc.stdout, (line) => log(name, line));
    lines(proc.stderr, (line) => log(name, line));
    exited = new Promise((resolve) =>
      proc.once('exit', (code, signal) => {
        live.delete(proc);
        resolve();
        if (stopping || proc !== child) return;
        restarts += 1;
        log(name, `exited (${signal ?? code}); starting it again`);
        void start().catch((err) => log(name, `restart failed: ${err.message}`));
      }),
    );
    await ready();
  };
  return {
    start,
    get pid() {
      return child?.pid;
    },
    get restarts() {
      return restarts;
    },
    /** the process as it runs now (a crash test kills it; the supervisor starts a new one) */
    kill: (signal = 'SIGKILL') => child?.kill(signal),
    /** stop for good: SIGTERM, then SIGKILL after graceMs */
    async stop(graceMs = 12_000) {
      stopping = true;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    },
    /** start again after stop() */
    async resume() {
      stopping = false;
      await start();
    },
  };
}
