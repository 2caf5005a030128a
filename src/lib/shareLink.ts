import type { Outcome } from '../../services/contract/outcome.ts';

/** How a link was shared: the device's share sheet, or copied to the clipboard. */
export type SharedVia = 'sheet' | 'clipboard';

const refused = (code: 'aborted' | 'unavailable'): Outcome<never> => ({ ok: false, code, message: code, detail: '' });

/**
 * Shares a link with the Web Share API where the browser has it (phones: the system's share sheet),
 * else copies it to the clipboard. Answers how it went: `aborted` when the person closed the sheet
 * (nothing to say), `unavailable` when neither the sheet nor the clipboard took it (the page then
 * shows the link to copy by hand). A sheet that fails for another reason falls back to the clipboard.
 */
export async function shareLink(url: string, title: string, nav: Pick<Navigator, 'share' | 'clipboard'> | undefined = globalThis.navigator): Promise<Outcome<{ via: SharedVia }>> {
  if (typeof nav?.share === 'function') {
    try {
      await nav.share({ title, url });
      return { ok: true, data: { via: 'sheet' } };
    } catch (error) {
      if ((error as { name?: string } | null)?.name === 'AbortError') return refused('aborted');
    }
  }
  try {
    if (typeof nav?.clipboard?.writeText !== 'function') return refused('unavailable');
    await nav.clipboard.writeText(url);
    return { ok: true, data: { via: 'clipboard' } };
  } catch {
    return refused('unavailable');
  }
}
