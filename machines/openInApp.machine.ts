import { setup } from 'xstate';

/**
 * Open in the app (the share pages, README "Share pages"): a tap tries the native app by its link;
 * if this page is still in front after a moment, the app did not open ('Failed to open the app')
 * and the download comes forward. Inside an in-app browser (WhatsApp, Facebook, Instagram…, told
 * by the page from its user agent once it runs) the tip to open the link in the default browser is
 * shown first. The web page itself goes on without the app either way.
 */
export interface OpenInAppInput {
  /** The page's own path, which the app opens too. */
  path: string;
}

export type OpenInAppEvent =
  | { type: 'browser.known'; inAppBrowser: boolean }
  | { type: 'app.open' }
  /** The page went to the background (the app came in front). */
  | { type: 'app.left' };

/** How long the page waits for the app to come in front. */
export const APP_OPEN_TIMEOUT_MS = 2_500;

export const openInAppMachine = setup({
  types: {
    input: {} as OpenInAppInput,
    context: {} as OpenInAppInput,
    events: {} as OpenInAppEvent,
  },
  delays: { appTimeout: APP_OPEN_TIMEOUT_MS },
  guards: {
    inAppBrowser: ({ event }) => event.type === 'browser.known' && event.inAppBrowser,
  },
  actions: {
    // provided by the screen (it sets the page's address to the app's link); nothing in the editor and the tests
    openApp: () => {},
  },
}).createMachine({
  id: 'openInApp',
  context: ({ input }) => ({ path: input.path }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'browser.known': { guard: 'inAppBrowser', target: 'inAppBrowser' },
        'app.open': 'opening',
      },
    },
    inAppBrowser: {
      on: { 'app.open': 'opening' },
    },
    opening: {
      entry: 'openApp',
      after: { appTimeout: 'failed' },
      on: { 'app.left': 'opened' },
    },
    opened: {
      on: { 'app.open': 'opening' },
    },
    failed: {
      on: { 'app.open': 'opening' },
    },
  },
});
