import { openInAppMachine } from '../../machines/openInApp.machine.ts';
import { appLink } from '../lib/inAppBrowser.ts';

/** Open in the app (the share pages): its link is the page's own path under the app's scheme (src/lib/inAppBrowser.ts). */
export const openInAppFlow = openInAppMachine.provide({
  actions: {
    openApp: ({ context }) => {
      window.location.href = appLink(context.path);
    },
  },
});
