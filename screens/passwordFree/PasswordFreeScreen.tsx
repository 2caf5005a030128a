import { useTranslation } from 'react-i18next';
import { passwordFreeFlow } from '../../src/flows/passwordFree.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { languageOf } from '../common/format.ts';
import { PasswordFreeView } from './PasswordFreeView.tsx';
import '../common/wallet.css';

/** `/app/nopwd`: password-free payments by payment code (agreement/nopwd), on with a limit or off. */
export default function PasswordFreeScreen() {
  const { i18n } = useTranslation();
  return <FlowPage flow={passwordFreeFlow} input={{ language: languageOf(i18n.language) }} title="titles.passwordFree" view={PasswordFreeView} />;
}
