import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { documentMachine, type DocumentInput } from '../../machines/document.machine.ts';
import { requestGateway, type Outcome } from '../../services/gateway.ts';
import type { DocumentSlug } from '../../services/contract/document.ts';
import { useLanguage } from '../../src/Body.tsx';

type Loader = (input: DocumentInput) => Promise<Outcome<unknown>>;

export const loadServerDocument: Loader = ({ key, language }) =>
  requestGateway('common/content/getDocument', { slug: key as DocumentSlug, language: language as 'pt' }, { quiet: true });

export const loadNotice: Loader = ({ key }) => requestGateway('wallet/notice/getNoticeDetail', { id: key }, { quiet: true });

/**
 * Runs the document chart for one piece of content. `fixedLanguage` pins it (the /en/ and /pt/
 * agreement routes); otherwise it follows the app's language.
 */
export function useDocument(key: string, load: Loader, fixedLanguage?: string) {
  const { language } = useLanguage();
  const wanted = fixedLanguage ?? language;
  const machine = useMemo(() => documentMachine.provide({ actors: { loadDocument: fromPromise(({ input }) => load(input)) } }), [load]);
  const [state, send] = useMachine(machine, { input: { key, language: wanted } });
  useEffect(() => {
    if (state.context.language !== wanted) send({ type: 'document.languageChanged', language: wanted });
  }, [wanted]); // eslint-disable-line react-hooks/exhaustive-deps
  return [state, send] as const;
}
