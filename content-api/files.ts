import { strToU8, zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { escapeHtml } from '../shared/html-text.ts';
import {
  isPreliminary,
  PRELIMINARY_FROM_YEAR,
  WGMS_CITATION,
  WGMS_TERMS,
  WGMS_TERMS_URL,
} from '../shared/glacier-data.ts';
import type { Content } from './store.ts';

/**
 * Generated downloads for the sample content, so every link works offline: small but valid PDF, CSV, GeoJSON, XLSX
 * and ZIP documents for the file database (their sizes are the stated sizes). The podcasts' audio is in audio.ts.
 */

/** The date generated files carry: the same content gives the same bytes (and size) on every start. */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

/** PT Sans (ParaType's typeface for the languages of Russia and its neighbours), read once: the PDFs' font. */
let ptSans: { regular: Buffer; bold: Buffer } | undefined;
function pdfFonts() {
  const require = createRequire(import.meta.url);
  const font = (file: string) => readFileSync(require.resolve(`@expo-google-fonts/pt-sans/${file}`));
  return (ptSans ??= {
    regular: font('400Regular/PTSans_400Regular.ttf'),
    bold: font('700Bold/PTSans_700Bold.ttf'),
  });
}

/** One block of a PDF: a bold heading line, then paragraphs, in one language. */
interface PdfBlock {
  lang: 'ru' | 'en';
  heading: string;
  paragraphs: readonly string[];
}

/**
 * An A4 PDF of text blocks in PT Sans (a subset of it embedded, so Cyrillic and Latin text is kept and can be
 * searched and copied), wrapped by pdfkit over as many pages as it needs. Made synchronously: pdfkit writes the whole
 * file into its stream's buffer on end(), which is read out here. Fixed dates: the same text gives the same bytes.
 */
function textPdf(title: string, blocks: readonly PdfBlock[]): Buffer {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: blocks[0]?.lang ?? 'ru',
    info: { Title: title, Producer: 'Cryosphere of Central Asia', CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  });
  doc.registerFont('text', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  blocks.forEach((block, i) => {
    if (i > 0) doc.moveDown(1.5);
    doc.font('bold').fontSize(14).text(block.heading);
    for (const paragraph of block.paragraphs) doc.moveDown(0.5).font('text').fontSize(11).text(paragraph);
  });
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk: Buffer | null; (chunk = doc.read() as Buffer | null) !== null;) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const zip = (files: Record<string, string>) =>
  Buffer.from(
    zipSync(
      Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
      // fixed timestamps: the same content gives the same bytes (and size) on every start
      { level: 6, mtime: FIXED_DATE },
    ),
  );

/** A minimal but valid Office Open XML workbook (one sheet of inline strings and numbers). */
function simpleXlsx(rows: (string | number)[][]): Buffer {
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">` +
        row
          .map((v, c) =>
            typeof v === 'number'
              ? `<c r="${col(c)}${r + 1}"><v>${v}</v></c>`
              : `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${escapeHtml(v)}</t></is></c>`,
          )
          .join('') +
        '</row>',
    )
    .join('');
  return zip({
    '[Content_Types].xml':
      XML_HEAD +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels':
      XML_HEAD +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      XML_HEAD +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      XML_HEAD +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml':
      XML_HEAD +
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

/** A minimal but valid Office Open XML text document, one paragraph per line. */
function simpleDocx(lines: string[]): Buffer {
  const body = lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${escapeHtml(l)}</w:t></w:r></w:p>`).join('');
  return zip({
    '[Content_Types].xml':
      XML_HEAD +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      XML_HEAD +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      XML_HEAD +
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  });
}

const FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

type DatabaseFileRecord = Content['database-files'][number];

/** What the file database's data files are made from: the glaciers' annual mass-balance series. */
type GlacierSeries = Pick<Content['glaciers'][number], 'slug' | 'name' | 'wgms_id' | 'rgi_id' | 'mass_balance'>;

/** A sample's mark, in both languages, at the top of every sample file: it stands in for a document, it holds no data. */
const SAMPLE_MARK = {
  ru: 'ПРИМЕР. Демонстрационный файл портала: он показывает формат, данных в нём нет.',
  en: 'EXAMPLE. A demonstration file of the portal: it shows the format and holds no data.',
};

const csvCell = (v: string | number | boolean) => (typeof v === 'string' ? `"${v.replace(/"/g, '""')}"` : String(v));

/** The table of a data file: one row per glacier and year, the values as the series gives them. */
function seriesRows(glaciers: readonly GlacierSeries[]): (string | number | boolean)[][] {
  const rows: (string | number | boolean)[][] = [
    ['glacier', 'name_en', 'wgms_id', 'rgi_id', 'year', 'annual_balance_mm_we', 'preliminary'],
  ];
  for (const g of glaciers)
    for (const point of [...g.mass_balance].sort((a, b) => a.year - b.year))
      rows.push([
        g.slug,
        g.name.en,
        g.wgms_id ?? '',
        g.rgi_id ?? '',
        point.year,
        point.value_mm_we,
        isPreliminary(point.year),
      ]);
  return rows;
}

/** The lines every data file opens with: what it holds, the citation with its DOI, WGMS's terms, the preliminary year. */
const dataHead = (f: DatabaseFileRecord) => [
  f.title.en,
  `Citation: ${WGMS_CITATION}`,
  `Terms: ${WGMS_TERMS} (${WGMS_TERMS_URL})`,
  `Preliminary: values from ${PRELIMINARY_FROM_YEAR} on may be revised in the next WGMS release`,
];

/**
 * The bytes of one download of the file database, in the stated format. A file made from glaciers' series holds
 * them (CSV with `#` head lines, or a spreadsheet), with the WGMS citation and terms and the preliminary flag; any
 * other file is a sample that says so first, in Russian and English, with the record's title and description whole.
 * Undefined for a format we cannot make.
 */
function databaseFileBytes(
  f: DatabaseFileRecord,
  glaciers: readonly GlacierSeries[] = [],
): { type: string; body: Buffer } | undefined {
  const type = FILE_TYPES[f.format];
  if (!type) return undefined;
  const sources = f.glaciers.flatMap((slug) => glaciers.filter((g) => g.slug === slug));
  if (sources.length > 0) {
    const rows = seriesRows(sources);
    if (f.format === 'csv')
      return {
        type,
        body: Buffer.from(
          [...dataHead(f).map((l) => `# ${l}`), ...rows.map((r) => r.map(csvCell).join(','))].join('\n') + '\n',
        ),
      };
    if (f.format === 'xlsx')
      return {
        type,
        body: simpleXlsx([
          ...dataHead(f).map((l) => [l]),
          [],
          ...rows.map((r) => r.map((v) => (typeof v === 'boolean' ? String(v) : v))),
        ]),
      };
  }
  const rows: (string | number)[][] = [
    ['field', 'ru', 'en'],
    ['sample', SAMPLE_MARK.ru, SAMPLE_MARK.en],
    ['title', f.title.ru, f.title.en],
    ['description', f.description.ru, f.description.en],
    ['year', f.year, f.year],
  ];
  switch (f.format) {
    case 'pdf':
      return {
        type,
        body: textPdf(f.title.ru, [
          { lang: 'ru', heading: f.title.ru, paragraphs: [SAMPLE_MARK.ru, f.description.ru] },
          { lang: 'en', heading: f.title.en, paragraphs: [SAMPLE_MARK.en, f.description.en] },
        ]),
      };
    case 'csv':
      return { type, body: Buffer.from(rows.map((r) => r.map(csvCell).join(',')).join('\n') + '\n') };
    case 'geojson':
      return {
        type,
        body: Buffer.from(
          JSON.stringify({
            type: 'FeatureCollection',
            name: f.slug,
            properties: { sample: true, note_ru: SAMPLE_MARK.ru, note_en: SAMPLE_MARK.en, title: f.title.en },
            features: [],
          }),
        ),
      };
    case 'xlsx':
      return { type, body: simpleXlsx(rows) };
    case 'docx':
      return {
        type,
        body: simpleDocx([SAMPLE_MARK.ru, f.title.ru, f.description.ru, SAMPLE_MARK.en, f.title.en, f.description.en]),
      };
    case 'zip':
      return {
        type,
        body: zip({
          'README.txt': `${SAMPLE_MARK.en}\n\n${f.title.en}\n\n${f.description.en}\n`,
          'README.ru.txt': `${SAMPLE_MARK.ru}\n\n${f.title.ru}\n\n${f.description.ru}\n`,
          'metadata.csv': rows.map((r) => r.map(csvCell).join(',')).join('\n') + '\n',
        }),
      };
    default:
      return undefined;
  }
}

/** Downloads of the file database by name (`{slug}.{format}`), each made on first use. */
export interface Downloads {
  get(name: string): { type: string; body: Buffer } | undefined;
}

/** files → glaciers → their downloads: a reload of either makes them anew */
const downloadsCache = new WeakMap<object, WeakMap<object, Downloads>>();

/**
 * Every download of the file database, made once per version of the files and the glaciers' series, each file when
 * first asked for (a listing asks only for its page's files: a PDF takes tens of milliseconds).
 */
export function databaseDownloads(files: readonly DatabaseFileRecord[], glaciers: readonly GlacierSeries[]): Downloads {
  let byGlaciers = downloadsCache.get(files);
  if (!byGlaciers) downloadsCache.set(files, (byGlaciers = new WeakMap()));
  let downloads = byGlaciers.get(glaciers);
  if (!downloads) {
    const records = new Map(files.map((f) => [`${f.slug}.${f.format}`, f]));
    const made = new Map<string, { type: string; body: Buffer } | undefined>();
    downloads = {
      get(name) {
        if (!made.has(name)) {
          const record = records.get(name);
          made.set(name, record && databaseFileBytes(record, glaciers));
        }
        return made.get(name);
      },
    };
    byGlaciers.set(glaciers, downloads);
  }
  return downloads;
}
