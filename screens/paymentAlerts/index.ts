/** The live alerts piece other screens mount (the cashier, the records). */
export { PaymentAlerts, spokenAmount } from './PaymentAlerts.tsx';
export { PaymentAlertsView } from './PaymentAlertsView.tsx';
