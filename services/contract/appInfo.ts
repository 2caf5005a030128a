import { z } from 'zod';
import { defineService } from './define.ts';

/**
 * What the app and the native shells ask about the app itself: where things are (spec §3's
 * CommonUrl item and ttjUrl slice), where customer service is (the aliService slice) and the
 * latest version of the native apps (the download page and the shells' update prompt).
 */

/** `common/getTTJUrl` (GET): the H5 app's public address, which a native shell or a share page opens. */
export const getTTJUrl = defineService({
  name: 'common/getTTJUrl',
  audience: 'public',
  request: z.object({}),
  response: z.object({ ttjUrl: z.url() }),
});

/** The addresses the client keeps as its CommonUrl item: all built from the server's public address. */
export const commonUrlSchema = z.object({
  h5Url: z.url(),
  gatewayUrl: z.url(),
  legacyUrl: z.url(),
  uploadUrl: z.url(),
  trackerUrl: z.url(),
  downloadUrl: z.url(),
  helpUrl: z.url(),
  customerServiceUrl: z.url(),
});
export type CommonUrl = z.infer<typeof commonUrlSchema>;

/** `common/getCommonUrl` (GET). */
export const getCommonUrl = defineService({
  name: 'common/getCommonUrl',
  audience: 'public',
  request: z.object({}),
  response: commonUrlSchema,
});

/**
 * `wechat/customer/getAliCustomUrl`: where a person reaches customer service. A configured
 * provider's chat (`CUSTOMER_SERVICE_URL`) or, without one, the wallet's own help page.
 */
export const getAliCustomUrl = defineService({
  name: 'wechat/customer/getAliCustomUrl',
  audience: 'public',
  request: z.object({}),
  response: z.object({ url: z.url(), provider: z.enum(['configured', 'helpPage']) }),
});

export const appPlatform = z.enum(['android', 'ios']);
/** "2.4.1": major.minor.patch, numbers only. */
export const appVersionText = z.string().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/);

export const appVersionSchema = z.object({
  platform: appPlatform,
  version: appVersionText,
  /** Older than this cannot talk to the gateway any more: the shell must update. */
  minSupported: appVersionText,
  downloadUrl: z.url(),
  releaseNotes: z.string(),
  releasedAt: z.string(),
});

/**
 * `appVersionAction/getLatestAppVersion`: the newest published version for a platform, and, given
 * the caller's own version, whether an update is offered (`optional`) or needed (`required`).
 */
export const getLatestAppVersion = defineService({
  name: 'appVersionAction/getLatestAppVersion',
  audience: 'public',
  request: z.object({ platform: appPlatform, currentVersion: appVersionText.optional() }),
  response: appVersionSchema.extend({ update: z.enum(['none', 'optional', 'required']) }),
});
