// Adds every bundled UI key missing from the content API's translations.json (both locales), keeping existing texts.
// Run with `npx tsx scripts/sync-translations.ts` after adding keys to shared/i18n.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledMessages } from '../shared/i18n/messages.ts';
import { paths } from '../server/paths.ts';

const file = join(paths().content, 'translations.json');
const current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { ru: string; en: string }>;
let added = 0;
for (const key of Object.keys(bundledMessages.ru)) {
  if (current[key]) continue;
  current[key] = { ru: bundledMessages.ru[key] ?? key, en: bundledMessages.en[key] ?? key };
  added += 1;
}
writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
process.stdout.write(`translations.json: ${added} keys added\n`);
