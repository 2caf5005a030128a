import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import type { DocumentFlow } from '../../services/flows/document.ts';
import { useLanguage } from '../../src/Body.tsx';

/**
 * Runs the document chart, provided with its loader (services/flows/document.ts), for one piece of
 * content. `fixedLanguage` pins it (the /en/ and /pt/ agreement routes); otherwise it follows the
 * app's language.
 */
export function useDocument(key: string, flow: DocumentFlow, fixedLanguage?: string) {
  const { language } = useLanguage();
  const wanted = fixedLanguage ?? language;
  const [state, send] = useMachine(flow, { input: { key, language: wanted } });
  useEffect(() => {
    if (state.context.language !== wanted) send({ type: 'document.languageChanged', language: wanted });
  }, [wanted]); // eslint-disable-line react-hooks/exhaustive-deps
  return [state, send] as const;
}
