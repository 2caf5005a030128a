import { cardListFlow } from '../../src/flows/cardList.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { CardListView } from './CardListView.tsx';
import '../common/bank.css';

/** `/app/cards`: the member's bound debit cards. */
export default function CardListScreen() {
  return <FlowPage flow={cardListFlow} title="titles.cardList" view={CardListView} />;
}
