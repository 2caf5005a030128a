import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import type { DocumentFlow } from '../../src/flows/document.ts';
import { useLanguage } from '../../src/Body.tsx';
import { embeddedDocument } from '../../src/ssrData.ts';

/**
 * Runs the document chart, provided with its loader (src/flows/document.ts), for one piece of
 * content. `fixedLanguage` pins it (the /en/ and /pt/ agreement routes); otherwise it follows the
 * app's language. A document the page was rendered with on the server (src/ssrData.ts) starts
 * the chart where that render left it (`rendered`: the pages the server renders), shown or
 * unavailable, so hydrating the page renders the same.
 */
export function useDocument(key: string, flow: DocumentFlow, fixedLanguage?: string, options: { rendered?: boolean } = {}) {
  const { language } = useLanguage();
  const wanted = fixedLanguage ?? language;
  // (`rendered`: a read the server embeds in the pages it renders — agreements and help, the share pages)
  const embedded = options.rendered ? embeddedDocument(key, wanted) : undefined;
  const snapshot = embedded
    ? flow.resolveState(
        embedded.ok
          ? { value: 'ready', context: { key, language: wanted, document: embedded.data, errorCode: null } }
          : { value: 'unavailable', context: { key, language: wanted, document: null, errorCode: embedded.code } },
      )
    : undefined;
  const [state, send] = useMachine(flow, { input: { key, language: wanted }, ...(snapshot && { snapshot }) });
  useEffect(() => {
    if (state.context.language !== wanted) send({ type: 'document.languageChanged', language: wanted });
  }, [wanted]); // eslint-disable-line react-hooks/exhaustive-deps
  return [state, send] as const;
}
