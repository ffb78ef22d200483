/**
 * Generated downloads and audio for the sample content, so every link works offline: a short WAV chime for podcast
 * episodes, and small but valid PDF, CSV and GeoJSON documents for the file database.
 */

/** A few seconds of a soft two-note chime, 8 kHz 8-bit mono PCM. */
export function chimeWav(seed: string, seconds = 6): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples);
  let h = 0;
  for (const c of seed) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const base = 220 + (h % 12) * 20;
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

/** A one-page PDF with the title and a line of text (ASCII only: the standard Helvetica font has no Cyrillic). */
export function simplePdf(title: string, line: string): Buffer {
  const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, (c) => `\\${c}`);
  const stream = `BT /F1 18 Tf 72 760 Td (${ascii(title)}) Tj /F1 11 Tf 0 -28 Td (${ascii(line)}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json',
  wav: 'audio/wav',
};
