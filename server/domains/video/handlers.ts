import { CODES } from '../../../services/contract/answerCodes.ts';
import { DomainError } from '../../errors.ts';
import { normaliseLanguage, type Language } from '../../i18n.ts';
import type { FlowHandlers, Handler } from '../../handler.ts';
import { findHelpVideo } from './catalogue.ts';
import { dimensionsOf, durationSeconds, videoStorageKey, videoUrl, type Rendition } from './media.ts';

/** Each captions track named in its own language, as a player's menu lists them. */
const LANGUAGE_NAMES: Record<Language, string> = { pt: 'Português', en: 'English', fr: 'Français', zh: '中文' };

/** A help video in the asked language (else the caller's): its words, poster, renditions and captions. */
const getVideo: Handler<'common/content/getVideo'> = async (input, ctx) => {
  const video = findHelpVideo(input.id);
  if (!video) throw new DomainError(CODES.notFound, 404);
  const language = input.language ? normaliseLanguage(input.language) : ctx.language;
  const sources = [];
  for (const rendition of ['full', 'light'] as Rendition[]) {
    const file = `${rendition}.webm`;
    const bytes = await ctx.adapters.storage.get(videoStorageKey(video.id, file));
    // not seeded on this storage (yet): the page shows the steps as text
    if (bytes) sources.push({ rendition, url: videoUrl(video.id, file), type: 'video/webm; codecs="vp8"', ...dimensionsOf(rendition), bytes: bytes.length });
  }
  return {
    id: video.id,
    language,
    title: video.title[language],
    summary: video.summary[language],
    durationSeconds: durationSeconds(video),
    poster: videoUrl(video.id, 'poster.png'),
    sources,
    captions: (['pt', 'en', 'fr', 'zh'] as const).map((lang) => ({ language: lang, label: LANGUAGE_NAMES[lang], url: videoUrl(video.id, `captions.${lang}.vtt`) })),
    steps: [...video.steps[language]],
  };
};

export const videoHandlers = {
  'common/content/getVideo': getVideo,
} satisfies FlowHandlers<'video'>;
