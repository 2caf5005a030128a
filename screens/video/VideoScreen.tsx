import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useLanguage } from '../../src/Body.tsx';
import { videoFlow } from '../../src/flows/video.ts';
import { Page } from '../common/FlowPage.tsx';
import { VideoView } from './VideoView.tsx';
import { playsWebm, readNetwork } from './network.ts';
import '../common/wallet.css';
import './video.css';

/** `/app/video/$id`: a help video in the app's language, light on slow networks. */
export default function VideoScreen({ id }: { id: string }) {
  const { language } = useLanguage();
  // read once, when the page opens: the chart decides with them
  const [input] = useState(() => ({ id, language, network: readNetwork(), playable: playsWebm() }));
  const [state, send] = useMachine(videoFlow, { input });
  useEffect(() => {
    if (state.context.language !== language) send({ type: 'video.languageChanged', language });
  }, [language]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Page title="titles.video">
      <VideoView state={state} send={send} />
    </Page>
  );
}
