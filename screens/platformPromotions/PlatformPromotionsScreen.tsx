import { useMachine } from '@xstate/react';
import { platformPromotionsFlow } from '../../src/flows/platformPromotions.ts';
import { NewPolicyLink, PlatformPromotionsView } from './PlatformPromotionsView.tsx';

/** `/plateform/promotions`: operators keep the platform's cashback policies. */
export default function PlatformPromotionsScreen() {
  const [state, send] = useMachine(platformPromotionsFlow);
  return <PlatformPromotionsView state={state} send={send} newLink={<NewPolicyLink />} />;
}
