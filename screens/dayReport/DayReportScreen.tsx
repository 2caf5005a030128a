import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dayReportFlow } from '../../src/flows/dayReport.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { DayReportView } from './DayReportView.tsx';

/** Today as a Luanda day (UTC+1 all year), the server's days. */
const luandaToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/** `/app/dayreport`: the end-of-day report, the till's "close the day" (README "Day report"); its PDF in the member's language. */
export default function DayReportScreen() {
  const { i18n } = useTranslation();
  const flow = useMemo(() => dayReportFlow(i18n.language), [i18n.language]);
  return <FlowPage flow={flow} input={{ today: luandaToday() }} title="titles.dayReport" view={DayReportView} />;
}
