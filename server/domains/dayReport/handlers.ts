import type { FlowHandlers, Handler } from '../../handler.ts';
import { dayReportFor } from './report.ts';

/** The end-of-day report's call (README "Day report"): the same query the PDF is made from (report.ts). */
const queryDayReport: Handler<'merchant/dayReport/query'> = async (input, ctx) => dayReportFor(ctx, input);

export const dayReportHandlers = {
  'merchant/dayReport/query': queryDayReport,
} satisfies FlowHandlers<'dayReport'>;
