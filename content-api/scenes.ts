/**
 * Procedural illustrations for the sample content: one scene per image, drawn as SVG from the file name (the kind of
 * scene from words in the name and in the editor's alt text, the details from a hash of the name), rasterized once
 * with sharp (media route) and cached on disk. Each scene comes with a description of what it actually shows, which
 * the API returns as the image's alt text, so captions never claim a photograph that does not exist.
 */
import { hash, pick, random } from '../shared/artwork/landscape.ts';
import type { Locale } from '../shared/constants.ts';
import { drawScene } from './scene-art.ts';

const RULES: [SceneKind, RegExp][] = [
  ['lecture', /webinar|lecture|conference|forum|workshop|seminar|meeting|presentation|course|training|round ?table/],
  ['stakes', /stake|mass[- ]balance|ablation|expedition|field|summer-school|measur|geodetic|tuyuksu|survey team/],
  ['snow', /snow|avalanche|ski/],
  ['lake', /lake|glof|outburst|moraine-dammed/],
  ['station', /station|weather|meteo|hydromet|gauge|sensor|logger/],
  ['river', /river|runoff|water|aral|basin|irrigation|discharge|flood/],
  ['rock', /permafrost|rock glacier|rock-glacier|rocky/],
  ['satellite', /satellite|drone|remote|worldview|copernicus|sentinel|landsat|aerial|imagery|inventory|glims/],
  ['map', /map|atlas|gis|wgms|database|data|profile|country|tool/],
];

/** The scene kind of a media file; `hint` is any text about the picture (the editor's alt and caption). */
export function sceneKind(file: string, hint = ''): SceneKind {
  if (file.startsWith('team-')) return 'portrait';
  if (file.startsWith('podcast-')) return 'podcast';
  const text = `${file} ${hint}`.toLowerCase();
  return RULES.find(([, re]) => re.test(text))?.[0] ?? 'glacier';
}

/**
 * Pixel size of an image by its name (generated or an editor's): square covers for podcasts and portraits, wide
 * slides, 16:9 otherwise.
 */
export function sceneSize(file: string): { width: number; height: number } {
  if (file.startsWith('podcast-')) return { width: 800, height: 800 };
  if (file.startsWith('team-')) return { width: 480, height: 480 };
  if (file.startsWith('slide-')) return { width: 1600, height: 700 };
  return { width: 1200, height: 675 };
}

/** Is this a generated raster illustration (as opposed to a vector logo or icon)? */
export const isSceneFile = (file: string) => /^[a-z0-9-]+\.jpg$/.test(file);

const TIMES = [
  {
    sky: ['#0b3d5c', '#6fa8c7'],
    far: '#5b7d99',
    mid: '#3f5f7a',
    near: '#233e55',
    snow: '#f4f8fb',
    ru: 'днём',
    en: 'by day',
  },
  {
    sky: ['#27496d', '#f2b38d'],
    far: '#7b86a6',
    mid: '#4f5b7e',
    near: '#2c3552',
    snow: '#fdf5ee',
    ru: 'на закате',
    en: 'at sunset',
  },
  {
    sky: ['#10324a', '#9cc9de'],
    far: '#6f93a8',
    mid: '#42677e',
    near: '#1d3a4c',
    snow: '#ffffff',
    ru: 'ясным утром',
    en: 'on a clear morning',
  },
  {
    sky: ['#4a5866', '#c9d3dc'],
    far: '#8a98a6',
    mid: '#66768a',
    near: '#3e4a58',
    snow: '#eef4f9',
    ru: 'в пасмурный день',
    en: 'on an overcast day',
  },
] as const;
/** The time of day of a scene: its colours, and the words for it in the alt text. */
export type SceneTime = (typeof TIMES)[number];

/** The kinds of scene, and what each shows in both languages (its alt text). */
const DESCRIPTIONS = {
  portrait: {
    ru: 'условный силуэт человека вместо фотографии',
    en: 'a generic silhouette of a person in place of a photo',
  },
  podcast: { ru: 'микрофон на фоне горного ледника', en: 'a microphone against a mountain glacier' },
  lecture: {
    ru: 'экран с графиком сокращения ледника перед слушателями',
    en: 'a screen with a chart of glacier loss in front of an audience',
  },
  stakes: {
    ru: 'люди у абляционных вех на языке ледника',
    en: 'people beside ablation stakes on a glacier tongue',
  },
  snow: { ru: 'заснеженный склон, люди со снегомерным щупом', en: 'a snowy slope with people holding a snow probe' },
  lake: { ru: 'бирюзовое приледниковое озеро у края ледника', en: 'a turquoise glacial lake at the edge of a glacier' },
  station: {
    ru: 'автоматическая метеостанция на гребне перед ледником',
    en: 'an automatic weather station on a ridge in front of a glacier',
  },
  river: {
    ru: 'река, вытекающая из ледника по зелёной долине',
    en: 'a river flowing from a glacier through a green valley',
  },
  rock: {
    ru: 'каменный глетчер — поток обломков у подножия склона',
    en: 'a rock glacier, a lobe of debris at the foot of a slope',
  },
  satellite: {
    ru: 'вид сверху, как на спутниковом снимке: ледники и озёра среди хребтов',
    en: 'a view from above, as in a satellite image: glaciers and lakes among ridges',
  },
  map: {
    ru: 'схематическая карта с горизонталями и контуром ледника',
    en: 'a schematic map with contour lines and a glacier outline',
  },
  glacier: { ru: 'долинный ледник между горными хребтами', en: 'a valley glacier between mountain ridges' },
} satisfies Record<string, Record<Locale, string>>;
export type SceneKind = keyof typeof DESCRIPTIONS;

/** What the generated picture shows, in the page's language (used as the alt text). */
export function sceneAlt(file: string, locale: Locale, hint = ''): string {
  const kind = sceneKind(file, hint);
  const time = pick(TIMES, hash(file));
  const what = DESCRIPTIONS[kind][locale];
  const prefix = locale === 'ru' ? 'Иллюстрация' : 'Illustration';
  const when =
    kind === 'portrait' || kind === 'lecture' || kind === 'map' || kind === 'satellite' ? '' : ` ${time[locale]}`;
  return `${prefix}: ${what}${when}`;
}

/** The SVG of a generated illustration. */
export function sceneSvg(file: string, hint = ''): string {
  const { width: w, height: h } = sceneSize(file);
  const seed = hash(file);
  const body = drawScene(sceneKind(file, hint), { w, h, seed, rand: random(seed), t: pick(TIMES, seed) });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;
}
