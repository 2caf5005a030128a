import { codeBindingFlow } from '../../src/flows/codeBinding.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { CodeBindingView } from './CodeBindingView.tsx';

/** `/app/store/$id/codes`: the store's own code to show and print, and its printed stickers. */
export default function CodeBindingScreen({ id }: { id: string }) {
  return <FlowPage flow={codeBindingFlow} input={{ storeId: id }} title="titles.codeBinding" view={CodeBindingView} />;
}
