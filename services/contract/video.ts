import { z } from 'zod';
import { defineService } from './define.ts';
import { contentLanguages } from './document.ts';

/**
 * Help videos (`/app/video/:id`, issue 25): what the page needs to show one in the asked language —
 * its words, the poster, the two renditions (full, and light for slow networks or Save-Data) with
 * their sizes, the captions (WebVTT) in every language, and the steps as text (what the page shows
 * instead of the video when the network is too slow). The files themselves come from
 * `/media/videos/:id/:file`, with byte ranges (server/transport/videos.ts). CNT40401 an unknown id.
 */
export const videoId = z.string().regex(/^[a-z0-9-]{1,40}$/);
export const videoRendition = z.enum(['full', 'light']);
export type VideoRendition = z.infer<typeof videoRendition>;

export const helpVideoSchema = z.object({
  id: videoId,
  language: z.enum(contentLanguages),
  title: z.string(),
  summary: z.string(),
  durationSeconds: z.number().int().min(1),
  poster: z.string(),
  sources: z.array(z.object({
    rendition: videoRendition,
    url: z.string(),
    /** The MIME type with its codec, as `<source type>` and `canPlayType` take it. */
    type: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int().min(1),
  })),
  captions: z.array(z.object({ language: z.enum(contentLanguages), label: z.string(), url: z.string() })),
  steps: z.array(z.string()),
});
export type HelpVideo = z.infer<typeof helpVideoSchema>;

export const getHelpVideo = defineService({
  name: 'common/content/getVideo',
  audience: 'public',
  request: z.object({ id: videoId, language: z.enum(contentLanguages).optional() }).strict(),
  response: helpVideoSchema,
});
