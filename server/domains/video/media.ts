import { png } from '../../transport/shareImages.ts';
import type { Language } from '../../i18n.ts';
import { captionsOf, STEP_SECONDS, type HelpVideo } from './catalogue.ts';
import { GRID, slide } from './slides.ts';
import { encodeKeyFrame } from './vp8.ts';
import { writeWebm } from './webm.ts';

/**
 * A help video's files, as the storage adapter keeps them and `/media/videos/:id/:file` serves them
 * (server/transport/videos.ts): two renditions, a poster and the captions in each language. The
 * server makes them itself (slides.ts → vp8.ts → webm.ts) and seeds them at start-up
 * (server/db/seedVideos.ts).
 */

/** The full rendition for most networks; the light one, a quarter of the pixels and half the frames, for slow ones. */
export const RENDITIONS = {
  full: { cellSize: 8, framesPerSecond: 2 },
  light: { cellSize: 4, framesPerSecond: 1 },
} as const;
export type Rendition = keyof typeof RENDITIONS;

const CAPTION_LANGUAGES: readonly Language[] = ['pt', 'en', 'fr', 'zh'];
export const VIDEO_FILES = ['full.webm', 'light.webm', 'poster.png', ...CAPTION_LANGUAGES.map((language) => `captions.${language}.vtt`)] as const;

/** Where a file lives in storage: versioned, so a new rendering never meets an old file. */
export const videoStorageKey = (id: string, file: string) => `videos/v1/${id}/${file}`;
/** Where the app fetches it. */
export const videoUrl = (id: string, file: string) => `/media/videos/${encodeURIComponent(id)}/${file}`;

export const CONTENT_TYPES: Record<string, string> = {
  webm: 'video/webm',
  png: 'image/png',
  vtt: 'text/vtt; charset=utf-8',
};
export const contentTypeOf = (file: string) => CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export const durationSeconds = (video: HelpVideo) => video.icons.length * STEP_SECONDS;
export const dimensionsOf = (rendition: Rendition) => ({ width: GRID.columns * RENDITIONS[rendition].cellSize, height: GRID.rows * RENDITIONS[rendition].cellSize });

function renderRendition(video: HelpVideo, rendition: Rendition): Uint8Array {
  const { cellSize, framesPerSecond } = RENDITIONS[rendition];
  const perStep = STEP_SECONDS * framesPerSecond;
  const frames = video.icons.flatMap((_, step) => Array.from({ length: perStep }, (__, f) => ({
    timeMs: Math.round(((step * perStep + f) * 1000) / framesPerSecond),
    data: encodeKeyFrame(slide(video.icons, step, (f + 1) / perStep).render(cellSize)),
  })));
  return writeWebm({ ...dimensionsOf(rendition), durationMs: durationSeconds(video) * 1000, frames });
}

/** One of a video's files, made now. */
export function renderVideoFile(video: HelpVideo, file: (typeof VIDEO_FILES)[number]): Buffer {
  if (file === 'full.webm') return Buffer.from(renderRendition(video, 'full'));
  if (file === 'light.webm') return Buffer.from(renderRendition(video, 'light'));
  if (file === 'poster.png') {
    // the first step, at the light rendition's size: a few kilobytes
    const cells = slide(video.icons, 0, 0);
    const { width, height } = dimensionsOf('light');
    return png(width, height, (x, y) => cells.colourAt(x, y, RENDITIONS.light.cellSize));
  }
  const language = file.slice('captions.'.length, -'.vtt'.length) as Language;
  return Buffer.from(captionsOf(video, language), 'utf8');
}
