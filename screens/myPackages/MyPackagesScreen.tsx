import { myPackagesFlow } from '../../src/flows/myPackages.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { MyPackagesView } from './MyPackagesView.tsx';
import '../common/wallet.css';

/** `/app/mypackages`: the member's group vouchers by state; an unused one opens its QR. */
export default function MyPackagesScreen() {
  return <FlowPage flow={myPackagesFlow} input={{}} title="titles.myPackages" view={MyPackagesView} />;
}
