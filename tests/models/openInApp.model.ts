import { openInAppMachine, type OpenInAppEvent } from '../../machines/openInApp.machine.ts';
import { afterEvent, type FlowModel } from '../support/mbt.ts';

export const openInAppEvents = {
  browser: { type: 'browser.known', inAppBrowser: false },
  inAppBrowser: { type: 'browser.known', inAppBrowser: true },
  open: { type: 'app.open' },
  left: { type: 'app.left' },
} satisfies Record<string, OpenInAppEvent>;

export const openInAppModel: FlowModel<typeof openInAppMachine> = {
  machine: openInAppMachine,
  variants: [{ name: 'a store’s share page', input: { path: '/s/store/12' } }],
  events: [...Object.values(openInAppEvents), afterEvent('appTimeout', 'openInApp.opening')],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
};
