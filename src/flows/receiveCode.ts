import { fromPromise } from 'xstate';
import { receiveCodeMachine, type CodeImage, type CodeSavedVia } from '../../machines/receiveCode.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';
import type { OneTimeReceiveCode, ShownReceiveCode } from '../../services/contract/receiveCode.ts';
import type { Outcome } from '../../services/contract/outcome.ts';
import { requestGateway } from '../../services/gateway.ts';
import { saveCodeImage } from '../lib/receiveCodeImage.ts';

/** The member's receive code: shown (made on first ask), renewed, a one-time code made, saved as a PNG. */
export const receiveCodeActors = {
  loadCode: fromPromise<Outcome<ShownReceiveCode>>(() => requestGateway('wallet/receiveCode/myCode', {}, { quiet: true })),
  renewCode: fromPromise<Outcome<ShownReceiveCode>>(() => requestGateway('wallet/receiveCode/renewCode', {})),
  makeOneTimeCode: fromPromise<Outcome<OneTimeReceiveCode>, { amount: number; note: string }>(({ input }) => requestGateway('wallet/receiveCode/makeOneTimeCode', input)),
  saveImage: fromPromise<Outcome<{ via: CodeSavedVia }>, CodeImage>(({ input }) => saveCodeImage(input)),
} satisfies ActorsOf<typeof receiveCodeMachine>;

export const receiveCodeFlow = receiveCodeMachine.provide({ actors: receiveCodeActors, actions: { printCode: () => globalThis.print?.() } });
