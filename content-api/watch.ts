import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_FILE } from './content-schemas.ts';
import { ContentFile } from './store.ts';

export interface ContentWatcher {
  /** Deliver changes: those seen while paused come first (a watcher starts paused). */
  resume(): void;
  close(): void;
}

export interface WatchOptions {
  /** a content file changed, or (undefined) some file the platform did not name */
  onChange: (file: ContentFile | undefined) => void;
  /** a file of the `media/` folder was added, replaced or removed (its name) */
  onMedia: (file: string) => void;
  onError: (err: Error) => void;
}

const ANY = '*';
const MEDIA = 'media/';

/**
 * Watches the content folder and its `media/` folder when there is one (not each file: editors replace a file by
 * renaming another over it, which ends a watch on the file). Events are debounced per file: editors write a file in
 * several steps (truncate, write, rename), so it is read once it has been quiet for 50 ms. Names that are no content
 * or media file (swap and backup files) are ignored.
 */
export function watchContentDir(dir: string, options: WatchOptions): ContentWatcher {
  const timers = new Map<string, NodeJS.Timeout>();
  const pending = new Set<string>();
  let paused = true;
  let closed = false;

  const fire = (name: string) => {
    timers.delete(name);
    if (name.startsWith(MEDIA)) {
      options.onMedia(name.slice(MEDIA.length));
      return;
    }
    const file = ContentFile.safeParse(name);
    options.onChange(file.success ? file.data : undefined);
  };
  const schedule = (name: string) => {
    if (closed) return;
    if (paused) {
      pending.add(name);
      return;
    }
    clearTimeout(timers.get(name));
    timers.set(
      name,
      setTimeout(() => fire(name), 50),
    );
  };

  const watcher = watch(dir, (_event, filename) => {
    if (filename === null) {
      schedule(ANY);
      return;
    }
    const name = filename.endsWith('.json') ? filename.slice(0, -'.json'.length) : undefined;
    if (name !== undefined && ContentFile.safeParse(name).success) schedule(name);
  });
  watcher.on('error', options.onError);
  const mediaDir = join(dir, 'media');
  let mediaWatcher: FSWatcher | undefined;
  if (existsSync(mediaDir)) {
    mediaWatcher = watch(mediaDir, (_event, filename) => {
      if (filename !== null && MEDIA_FILE.test(filename)) schedule(MEDIA + filename);
    });
    mediaWatcher.on('error', options.onError);
  }

  return {
    resume() {
      paused = false;
      for (const name of pending) schedule(name);
      pending.clear();
    },
    close() {
      closed = true;
      watcher.close();
      mediaWatcher?.close();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      pending.clear();
    },
  };
}
