import { useMachine } from '@xstate/react';
import { stickersFlow } from '../../src/flows/stickers.ts';
import { StickersView } from './StickersView.tsx';

/** `/plateform/stickers`: operators issue collection-code stickers and download them to print. */
export default function StickersScreen() {
  const [state, send] = useMachine(stickersFlow);
  return <StickersView state={state} send={send} />;
}
