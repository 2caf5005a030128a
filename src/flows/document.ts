import { fromPromise } from 'xstate';
import { documentMachine, type DocumentInput } from '../../machines/document.machine.ts';
import type { DocumentSlug } from '../../services/contract/document.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/**
 * The document chart (loading, shown, refused, retry) runs for many reads: agreements and help
 * pages, notices, the settings answer, a fund line, the provinces, the platform's pages. Each is
 * the chart provided with its loader; the common ones are built here, once.
 */
export type DocumentLoader = (input: DocumentInput) => Promise<Outcome<unknown>>;

/** The document chart with the call that loads its content. */
export const documentFlow = (load: DocumentLoader) =>
  documentMachine.provide({ actors: { loadDocument: fromPromise<Outcome<unknown>, DocumentInput>(({ input }) => load(input)) } });

export type DocumentFlow = ReturnType<typeof documentFlow>;

/** An agreement or help page by slug, in the wanted language. */
export const loadServerDocument: DocumentLoader = ({ key, language }) =>
  requestGateway('common/content/getDocument', { slug: key as DocumentSlug, language: language as 'pt' }, { quiet: true });

/** A published notice by id. */
export const loadNotice: DocumentLoader = ({ key }) => requestGateway('wallet/notice/getNoticeDetail', { id: key }, { quiet: true });

/** The signed-in member's settings: profile, pay password, verification (settings, pay password and verification pages). */
export const loadSettings: DocumentLoader = () => requestGateway('common/setting/main', {}, { quiet: true });

export const serverDocumentFlow = documentFlow(loadServerDocument);
export const noticeFlow = documentFlow(loadNotice);
export const settingsFlow = documentFlow(loadSettings);

/** The newest published version of the native app for a platform (`android`, `ios`): the download page. */
export const loadLatestVersion: DocumentLoader = ({ key }) =>
  requestGateway('appVersionAction/getLatestAppVersion', { platform: key as 'android' | 'ios' }, { quiet: true });

export const latestVersionFlow = documentFlow(loadLatestVersion);
