import { fromCallback, fromPromise } from 'xstate';
import { paymentMachine, type Application, type PaymentOutput } from '../../machines/payment.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { RequestOf, ServiceName, contracts } from '../../services/contract/index.ts';
import { requestGateway } from '../../services/gateway.ts';
import { clearKeypadKeys } from '../../services/keypad.ts';
import { payConfirmFlow } from './payConfirm.ts';
import { newPayPasswordFlow } from './newPayPassword.ts';

/**
 * A money call: the chart's requestNo goes in the envelope, not in bizContent, so a retry after a
 * lost answer is the same request to the server (answered once, paid once).
 */
export const sendPayment = ({ service, request, requestNo }: Application): Promise<PaymentOutput> =>
  // the parent chart built the request for the call it names (PaymentInput types it by that call's contract); the server checks it again
  requestGateway(service as ServiceName, request as RequestOf<(typeof contracts)[ServiceName]>, { requestNo });

/** The payment chart as the money flows run it (top-up, withdrawal, transfer…), each parent providing it as its `payment` child. */
export const paymentActors = {
  payConfirm: payConfirmFlow,
  newPayPassword: newPayPasswordFlow,
  apply: fromPromise<PaymentOutput, Application>(({ input }) => sendPayment(input)),
  // its cleanup runs when the payment ends or its parent leaves it: the keypad's keys go with it
  keypadKeys: fromCallback(() => clearKeypadKeys),
} satisfies ActorsOf<typeof paymentMachine>;

export const paymentFlow = paymentMachine.provide({ actors: paymentActors });
