import type { FlowHandlers, Handler, HandlerContext } from '../../handler.ts';
import type { CommonUrl } from '../../../services/contract/appInfo.ts';
import type { Language } from '../../i18n.ts';

/** Every address the client keeps, from the one public address the server is configured with. */
export function commonUrls(ctx: Pick<HandlerContext, 'config'>): CommonUrl {
  const base = ctx.config.publicUrl;
  return {
    h5Url: `${base}/`,
    gatewayUrl: `${base}/gatewayinner/api`,
    legacyUrl: `${base}/api/ccservice`,
    uploadUrl: `${base}/gatewayinner/uploadFile`,
    trackerUrl: `${base}/track`,
    downloadUrl: `${base}/app/download`,
    helpUrl: `${base}/app/helpdoc`,
    customerServiceUrl: ctx.config.customerServiceUrl ?? `${base}/app/helpdoc`,
  };
}

const getTTJUrl: Handler<'common/getTTJUrl'> = async (_input, ctx) => ({ ttjUrl: commonUrls(ctx).h5Url });

const getCommonUrl: Handler<'common/getCommonUrl'> = async (_input, ctx) => commonUrls(ctx);

const getAliCustomUrl: Handler<'wechat/customer/getAliCustomUrl'> = async (_input, ctx) => ({
  url: commonUrls(ctx).customerServiceUrl,
  provider: ctx.config.customerServiceUrl ? ('configured' as const) : ('helpPage' as const),
});

/** Compares "2.10.0" and "2.9.3" as numbers, part by part. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

interface VersionRow { platform: 'android' | 'ios'; version: string; min_supported: string; download_url: string; notes: Partial<Record<Language, string>>; released_at: Date | string }

const getLatestAppVersion: Handler<'appVersionAction/getLatestAppVersion'> = async (input, ctx) => {
  const { rows } = await ctx.db.query<VersionRow>(
    'SELECT platform, version, min_supported, download_url, notes, released_at FROM app_versions WHERE platform = $1 ORDER BY released_at DESC, id DESC LIMIT 1',
    [input.platform],
  );
  const latest = rows[0];
  // no version published: the shell is as new as it gets, and the download page points at itself
  if (!latest) {
    const version = input.currentVersion ?? '0.0.0';
    return { platform: input.platform, version, minSupported: '0.0.0', downloadUrl: commonUrls(ctx).downloadUrl, releaseNotes: '', releasedAt: new Date(0).toISOString(), update: 'none' as const };
  }
  const current = input.currentVersion;
  const update = !current || compareVersions(current, latest.version) >= 0 ? 'none' : compareVersions(current, latest.min_supported) < 0 ? 'required' : 'optional';
  return {
    platform: latest.platform,
    version: latest.version,
    minSupported: latest.min_supported,
    downloadUrl: latest.download_url,
    releaseNotes: latest.notes[ctx.language] ?? latest.notes.pt ?? '',
    releasedAt: new Date(latest.released_at).toISOString(),
    update: update as 'none' | 'optional' | 'required',
  };
};

export const appInfoHandlers = {
  'common/getTTJUrl': getTTJUrl,
  'common/getCommonUrl': getCommonUrl,
  'wechat/customer/getAliCustomUrl': getAliCustomUrl,
  'appVersionAction/getLatestAppVersion': getLatestAppVersion,
} satisfies FlowHandlers<'appInfo'>;
