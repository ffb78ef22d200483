/**
 * A word's Latin key: one spelling for a Russian word and its Latin transliterations, so that `tuyuksu`, `tuiuksu`
 * and `tujuksu` all meet `Туюксу`. Cyrillic letters go to Latin as in BGN/PCGN and GOST 7.79 (with the letters of the
 * region's Kazakh, Kyrgyz, Tajik and Uzbek names); then the spellings those systems and common usage disagree on are
 * folded into one: j and y, yo/ye and e, iu/ju/yu, ia/ja/ya, kh and h, the -iy/-ii/-yy endings, doubled letters. A key is for
 * comparing words, never shown.
 */
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ә: 'a',
  ғ: 'g',
  қ: 'k',
  ң: 'n',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  і: 'i',
  ҳ: 'h',
  ҷ: 'j',
  ӣ: 'i',
  ӯ: 'u',
  ў: 'u',
};

/** Spellings of one sound, in the order they are folded (a later rule sees the output of the earlier ones). */
const FOLDS: [RegExp, string][] = [
  [/j/g, 'y'],
  [/yo|ye/g, 'e'],
  [/s?shch|sch/g, 'sh'],
  [/kh/g, 'h'],
  [/tz/g, 'ts'],
  [/iu/g, 'yu'],
  [/ia/g, 'ya'],
  [/iy|yi|ii|yy/g, 'y'],
  [/(.)\1+/g, '$1'],
];

/** The Latin key of one word (any script; letters other than Latin and Cyrillic pass through unchanged). */
export function latinKey(word: string): string {
  let out = '';
  for (const char of word.toLowerCase().normalize('NFC')) out += CYRILLIC_TO_LATIN[char] ?? char;
  // the Latin letters' accents go after the Cyrillic ones are read (й and ё are letters of their own)
  out = out.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  for (const [pattern, replacement] of FOLDS) out = out.replace(pattern, replacement);
  return out;
}
