import { useTranslation } from 'react-i18next';
import { groupPackageFormFlow, uploadPackagePhoto } from '../../src/flows/groupPackageForm.ts';
import { normaliseLanguage } from '../../src/lib/language.ts';
import { FlowPage, type FlowViewProps } from '../common/FlowPage.tsx';
import { GroupPackageFormView } from '../common/GroupPackageFormView.tsx';

function View(props: FlowViewProps<typeof groupPackageFormFlow>) {
  return <GroupPackageFormView {...props} upload={uploadPackagePhoto} />;
}

/** `/app/grouppackages/new`: the owner makes a group package for one of its open stores. */
export default function GroupPackageFormScreen() {
  const { i18n } = useTranslation();
  return <FlowPage flow={groupPackageFormFlow} input={{ language: normaliseLanguage(i18n.language) }} title="titles.groupPackageNew" view={View} />;
}
