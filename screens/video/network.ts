import type { VideoNetwork } from '../../machines/video.machine.ts';

/** What the browser says of its network (the Network Information API: Chromium and Android webviews; elsewhere nothing). */
export function readNetwork(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): VideoNetwork {
  const connection = (nav as { connection?: { saveData?: boolean; effectiveType?: string } } | undefined)?.connection;
  return { saveData: connection?.saveData === true, effectiveType: connection?.effectiveType ?? null };
}

/** Whether this browser plays WebM with VP8, the help videos' format. */
export function playsWebm(): boolean {
  if (typeof document === 'undefined') return false;
  return document.createElement('video').canPlayType('video/webm; codecs="vp8"') !== '';
}
