import { fromPromise } from 'xstate';
import { bindCardMachine, type BindCodeRequest } from '../../machines/bindCard.machine.ts';
import type { BindCodeSent, BinInfo } from '../../machines/bankFlow.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import type { SendCall } from './sendCode.ts';
import { codeEntryWith } from './codeEntry.ts';

/** The bank checks card, holder and mobile and sends a code; each send is a new bind request (the bank never asks for a captcha). */
export const sendBindCode: SendCall<BindCodeRequest, BindCodeSent> = (request) => requestGateway('wallet/card/inputMobile', request);

/** Binding's calls: the BIN table, the bank's code (the first and every new one), its check under the latest bind request. */
export const bindCardActors = {
  checkBin: fromPromise<Outcome<BinInfo>, { cardNo: string }>(({ input }) => requestGateway('wallet/card/checkCardBin', input)),
  codeEntry: codeEntryWith({
    send: sendBindCode,
    verify: (_request, sent, code) => requestGateway('wallet/card/verifyAuthCode', { bindId: sent.bindId, code }),
  }),
} satisfies ActorsOf<typeof bindCardMachine>;

export const bindCardFlow = bindCardMachine.provide({ actors: bindCardActors });
