/**
 * Generated audio for the sample content, so every podcast plays offline: a short synthesized tune per episode, its
 * length the stated duration.
 */

/** The podcasts' audio (generated WAV). */
export const WAV_TYPE = 'audio/wav';

/** A number fixed per seed (a podcast's slug): what the tune and its length are made from. */
const seedHash = (seed: string) => {
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
};

/** Seconds of a podcast's generated audio: 40–89 s, fixed per slug. */
const audioSeconds = (seed: string) => 40 + (seedHash(seed) % 50);

/** Duration in whole seconds of an 8-bit mono PCM WAV made by chimeWav, read from its header. */
export function wavDurationSeconds(wav: Buffer): number {
  const byteRate = wav.readUInt32LE(28);
  const dataBytes = wav.readUInt32LE(40);
  return Math.round(dataBytes / byteRate);
}

/** A soft two-note chime, 8 kHz 8-bit mono PCM. */
function chimeWav(seed: string, seconds = audioSeconds(seed)): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples);
  const base = 220 + (seedHash(seed) % 12) * 20;
  for (let i = 0; i < samples; i += 1) {
    const t = i / rate;
    const note = t % 1.5 < 0.75 ? base : base * 1.5;
    const envelope = Math.exp(-3 * (t % 0.75));
    data[i] = 128 + Math.round(60 * envelope * Math.sin(2 * Math.PI * note * t));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, data]);
}

const audioCache = new Map<string, Buffer>();
/** The generated audio of a podcast episode (made once per slug). */
export function podcastAudio(slug: string): Buffer {
  let wav = audioCache.get(slug);
  if (!wav) {
    wav = chimeWav(slug);
    audioCache.set(slug, wav);
  }
  return wav;
}
