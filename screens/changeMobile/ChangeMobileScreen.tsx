import { changeMobileFlow } from '../../src/flows/changeMobile.ts';
import { FlowPage, useGoingBack } from '../common/FlowPage.tsx';
import { ChangeMobileView } from './ChangeMobileView.tsx';

/** `/app/changemobile`: change the account's mobile number. */
export default function ChangeMobileScreen() {
  const flow = useGoingBack(changeMobileFlow);
  return <FlowPage flow={flow} title="titles.changeMobile" view={ChangeMobileView} />;
}
