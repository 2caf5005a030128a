import { groupPackagesFlow } from '../../src/flows/groupPackages.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { GroupPackagesView } from './GroupPackagesView.tsx';

/** `/app/grouppackages`: the merchant owner's group packages. */
export default function GroupPackagesScreen() {
  return <FlowPage flow={groupPackagesFlow} title="titles.groupPackages" view={GroupPackagesView} />;
}
