// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followAppLinks } from '../../src/lib/appLinks.ts';
import { matchRoute } from '../../services/returnTo.ts';

/** Clicks `anchor` as a person would (or with `init`), and says whether the browser would have followed it. */
function click(anchor: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  anchor.dispatchEvent(event);
  return { followedByBrowser: !event.defaultPrevented };
}

function link(href: string, attributes: Record<string, string> = {}) {
  const anchor = document.createElement('a');
  anchor.href = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  anchor.append(Object.assign(document.createElement('span'), { textContent: 'Ler código' }));
  document.body.append(anchor);
  return anchor;
}

describe('links to the app’s pages change the screen, not the document (src/lib/appLinks.ts)', () => {
  const navigate = vi.fn<(href: string) => void>();
  let stop: () => void;
  beforeEach(() => {
    navigate.mockClear();
    window.history.replaceState(null, '', '/');
    stop = followAppLinks(navigate, (pathname) => matchRoute(pathname) !== null);
  });
  afterEach(() => {
    stop();
    document.body.replaceChildren();
  });

  it('a tap on a page of the route table (from a child of the link) is the router’s, with its query and fragment', () => {
    const anchor = link('/app/scan');
    expect(click(anchor.firstElementChild!)).toEqual({ followedByBrowser: false });
    expect(click(link('/app/cards/bind?from=topup#top'))).toEqual({ followedByBrowser: false });
    expect(navigate.mock.calls).toEqual([['/app/scan'], ['/app/cards/bind?from=topup#top']]);
  });

  it('everything else is left to the browser', () => {
    const cases = [
      [link('https://www.bna.ao/'), {}],
      [link('/dev/outbox'), {}], // no page of the table: the server's
      [link('/app/records', { download: '' }), {}],
      [link('/app/records', { target: '_blank' }), {}],
      [link('/app/records'), { ctrlKey: true }],
      [link('/app/records'), { metaKey: true }],
      [link('/app/records'), { shiftKey: true }],
      [link('/app/records'), { button: 1 }],
      [link('/#help'), {}], // a jump within this page
    ] as const;
    for (const [anchor, init] of cases) expect(click(anchor, init), anchor.outerHTML).toEqual({ followedByBrowser: true });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a link whose own handler took the click is not followed again', () => {
    const anchor = link('/app/scan');
    anchor.addEventListener('click', (event) => event.preventDefault());
    click(anchor);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stops when asked', () => {
    stop();
    expect(click(link('/app/scan'))).toEqual({ followedByBrowser: true });
    stop = () => {};
  });
});
