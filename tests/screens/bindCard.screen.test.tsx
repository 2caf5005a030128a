import { describe, expect, it } from 'vitest';
import { fireEvent, type screen as Screen } from '@testing-library/react';
import { createActor, fromPromise, waitFor } from 'xstate';
import { BindCardView } from '../../screens/bindCard/BindCardView.tsx';
import { bindCardMachine, cardNoMistyped, groupCardNumber, luhnValid, type BindCardEvent, type BindCodeRequest } from '../../machines/bindCard.machine.ts';
import type { BindCodeSent, BinInfo } from '../../machines/bankFlow.ts';
import { codeEntryWith } from '../../src/flows/codeEntry.ts';
import type { CodeEntryActor } from '../../screens/common/CodeEntryView.tsx';
import { luhnValid as contractLuhn } from '../../services/contract/shared.ts';
import { bindCardModel, sampleBin, sampleSent } from '../models/bindCard.model.ts';
import { codePhase, parkedCodeEntry } from '../models/codeEntry.model.ts';
import { sampleCard } from '../models/withdrawal.model.ts';
import { doneEvent, parkInvokes, transitionCoveringPaths } from '../support/mbt.ts';
import { CODE_NOT_SENT, checkCodeNotSent } from '../support/codeStep.tsx';
import { runScreenPath, type ScreenBinding, type UserEvents } from '../support/screen-mbt.tsx';
import type { Outcome } from '../../services/contract/outcome.ts';

type Ui = typeof Screen;
const click = (ui: Ui, name: string | RegExp) => void fireEvent.click(ui.getByRole('button', { name }));
const type = (ui: Ui, label: string, value: string) => void fireEvent.change(ui.getByLabelText(label), { target: { value } });
const alert = (ui: Ui) => ui.getAllByRole('alert').map((a) => a.textContent).join(' ');
const status = (ui: Ui) => ui.getAllByRole('status').map((a) => a.textContent).join(' ');

const events: UserEvents<BindCardEvent> = {
  'cardNo.changed': (ui, e) => type(ui, 'Número do cartão de débito', e.value),
  'cardNo.submitted': (ui) => click(ui, 'Continuar'),
  'cardNo.edit': (ui) => click(ui, 'Mudar cartão'),
  'mobile.changed': (ui, e) => type(ui, 'Telemóvel registado no banco para este cartão', e.value),
  'mobile.submitted': (ui) => click(ui, 'Continuar'),
  'mobile.edit': (ui) => click(ui, 'Mudar o telemóvel'),
  'bind.restarted': (ui) => click(ui, 'Associar outro cartão'),
};

/**
 * The bank and the card, shown from the BIN step on; the (masked) holder only once the bank has
 * answered for this card and this member (the code is sent), never from the BIN alone.
 */
function expectCardFacts(ui: Ui, bankAnswered: boolean) {
  expect(ui.getByText('BAI — Banco Angolano de Investimentos')).toBeTruthy();
  expect(ui.getByText('BAI •••• 0011')).toBeTruthy();
  if (bankAnswered) {
    expect(ui.getByText('Em nome de')).toBeTruthy();
    expect(ui.getByText('Ana M*** D***')).toBeTruthy();
  } else {
    expect(ui.queryByText('Em nome de')).toBeNull();
    expect(ui.queryByText(/\*\*\*/)).toBeNull();
  }
}

const binding: ScreenBinding<typeof bindCardMachine> = {
  view: (state, send) => <BindCardView state={state} send={send as (e: BindCardEvent) => void} from="topup" />,
  userEvents: events,
  states: (ui, state) => {
    const c = state.context;
    if (state.matches('notVerified')) {
      expect(alert(ui)).toMatch(/Verifique a sua identidade/);
      return void expect(ui.getByRole('link', { name: 'Verificar identidade' }).getAttribute('href')).toBe('/app/personalcert');
    }
    if (state.matches('enteringCardNo') || state.matches('checkingBin')) {
      expect(ui.getByText('Qual é o número do cartão?')).toBeTruthy();
      // grouped in fours as typed
      expect((ui.getByLabelText('Número do cartão de débito') as HTMLInputElement).value).toBe(groupCardNumber(c.cardNo));
      const table: Record<string, RegExp> = {
        incomplete: /16 a 19 algarismos/, mistyped: /não é válido/, binUnknown: /Não reconhecemos este número/,
        creditCard: /Só pode associar cartões de débito\. Este é um cartão de crédito/, bankNotSupported: /Ainda não trabalhamos com este banco/,
        holderNotMember: /não está em seu nome/, refused: /erro no servidor/, unreachable: /Erro de rede/,
      };
      for (const [sub, text] of Object.entries(table)) if (state.matches({ enteringCardNo: sub as 'typing' })) expect(alert(ui)).toMatch(text);
      if (state.matches({ enteringCardNo: 'typing' })) {
        expect(ui.queryByRole('alert')).toBeNull();
        expect(ui.getByText(cardNoMistyped(c.cardNo) ? /parece ter um erro/ : /16 a 19 algarismos, na frente do cartão/)).toBeTruthy();
      }
      if (state.matches('checkingBin')) expect(status(ui)).toMatch(/A verificar o cartão/);
      return;
    }
    if (state.matches('enteringMobile') || (state.matches('verifyingByCode') && codePhase(state) === 'sending')) {
      // before the bank's answer: no name
      expectCardFacts(ui, false);
      expect(ui.getByText('Telemóvel do cartão')).toBeTruthy();
      expect((ui.getByLabelText('Telemóvel registado no banco para este cartão') as HTMLInputElement).value).toBe(c.mobile);
      const table: Record<string, RegExp> = {
        invalid: /9 algarismos começado por 9/, mobileMismatch: /não é o número de telemóvel que o banco tem/, holderMismatch: /não está em seu nome/,
        cardUnknown: /não reconhece este cartão/, alreadyBound: /já está associado/,
      };
      for (const [sub, text] of Object.entries(table)) if (state.matches({ enteringMobile: sub as 'typing' })) expect(alert(ui)).toMatch(text);
      if (state.matches({ enteringMobile: 'typing' })) expect(ui.queryByRole('alert')).toBeNull();
      // the bank's first code on its way (a code not sent, in this form: below)
      if (state.matches('verifyingByCode')) expect(status(ui)).toMatch(/A enviar o código/);
      return;
    }
    if (state.matches('verifyingByCode')) {
      // the bank's code went: the shared code entry (its own screen test goes through its states), its resend cooling down
      expectCardFacts(ui, true);
      expect(ui.getByText(/Enviámos um código de 6 dígitos para 923\*\*\*001/)).toBeTruthy();
      expect(ui.getByLabelText('Código de verificação')).toBeTruthy();
      expect((ui.getByRole('button', { name: /Reenviar código em \d+ s/ }) as HTMLButtonElement).disabled).toBe(true);
      return void expect(ui.getByRole('button', { name: 'Mudar o telemóvel' })).toBeTruthy();
    }
    if (state.matches('bound')) {
      expect(status(ui)).toBe('Cartão associado');
      expect(ui.getByText('BAI 6004 00** **** 0011 está associado à sua carteira.')).toBeTruthy();
      expect(ui.getByRole('link', { name: 'Continuar o carregamento' }).getAttribute('href')).toBe('/app/topup');
      return void expect(ui.getByRole('link', { name: 'Ver os meus cartões' }).getAttribute('href')).toBe('/app/cards');
    }
    throw new Error(`no assertion for ${JSON.stringify(state.value)}`);
  },
};

describe('card binding chart on its screen', () => {
  const paths = transitionCoveringPaths(bindCardModel);
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runScreenPath(bindCardModel, path, binding);
  });
});

/** Until the bank's code went, the code entry's first send shows in the card's mobile form, the wait in the bank's words (tests/support/codeStep.tsx). */
describe('card binding: a code not sent, in the mobile form', () => {
  const bankWords: Record<string, RegExp> = { '42 s': /Aguarde 42 s antes de pedir outro código/ };
  it.each(CODE_NOT_SENT.map((c) => [c.says.source, c] as const))('%s', async (_says, { answer, says }) => {
    await checkCodeNotSent({
      machine: parkInvokes(bindCardMachine, ['checkBin']).provide({ actors: { codeEntry: parkedCodeEntry } }),
      view: binding.view,
      before: [{ type: 'cardNo.changed', value: '6004 0000 0000 0011' }, { type: 'cardNo.submitted' }, doneEvent('checkBin', { ok: true, data: sampleBin }), { type: 'mobile.changed', value: '923000001' }],
      button: 'Continuar',
      form: 'Telemóvel do cartão',
      answer,
      says: bankWords[says.source] ?? says,
    });
  });
});

describe('card numbers', () => {
  it('checks Luhn as the contract does, and groups digits in fours', () => {
    for (const n of ['6004000000000011', '6000650000000025', '6001000000000030', '6004000000000012', '4111111111111111', '79927398713', '1']) {
      expect(luhnValid(n), n).toBe(contractLuhn(n));
    }
    expect(groupCardNumber('6004000000000011')).toBe('6004 0000 0000 0011');
    expect(groupCardNumber('6004000000000000011')).toBe('6004 0000 0000 0000 011');
    expect(cardNoMistyped('6004000000000012')).toBe(true);
    expect(cardNoMistyped('600400000000001')).toBe(false); // not whole yet: no hint
  });

  it('sends digits only, and checks a resent code under its new bind request', async () => {
    const sends: BindCodeRequest[] = [];
    const answers = [sampleSent, { ...sampleSent, bindId: '00000000-0000-4000-8000-000000000002' }];
    const sendBindCode = async (request: BindCodeRequest) => {
      sends.push(request);
      // a new code may be asked for at once: the cool-down is the answer's
      return { ok: true as const, data: { ...answers[sends.length - 1]!, resendAfterSeconds: 0 } };
    };
    const machine = bindCardMachine.provide({
      actors: {
        checkBin: fromPromise<Outcome<BinInfo>, { cardNo: string }>(async ({ input }) => {
          expect(input).toEqual({ cardNo: '6004000000000011' });
          return { ok: true, data: sampleBin };
        }),
        codeEntry: codeEntryWith({
          send: sendBindCode,
          verify: async (_request, sent, code) => {
            expect({ bindId: sent.bindId, code }).toEqual({ bindId: '00000000-0000-4000-8000-000000000002', code: '654321' });
            return { ok: true, data: { card: sampleCard } };
          },
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'cardNo.changed', value: '6004 0000-0000 0011 ' });
    actor.send({ type: 'cardNo.submitted' });
    await waitFor(actor, (s) => s.matches('enteringMobile'));
    actor.send({ type: 'mobile.changed', value: '923 000 001' });
    actor.send({ type: 'mobile.submitted' });
    await waitFor(actor, (s) => s.matches('verifyingByCode'));
    const codeEntry = actor.getSnapshot().children.codeEntry as CodeEntryActor;
    // the bank's answer names the holder (the first send, through the code entry)
    await waitFor(codeEntry, (s) => s.matches('enteringCode'));
    expect((codeEntry.getSnapshot().context.sent as BindCodeSent).holderName).toBe('Ana M*** D***');
    await waitFor(codeEntry, (s) => s.matches({ enteringCode: { resend: 'available' } }));
    codeEntry.send({ type: 'code.resendRequested' });
    // the code entry keeps the new answer: the next check goes under its bind request
    await waitFor(codeEntry, (s) => (s.context.sent as BindCodeSent).bindId === '00000000-0000-4000-8000-000000000002');
    codeEntry.send({ type: 'code.changed', value: '654321' });
    codeEntry.send({ type: 'code.submitted' });
    await waitFor(actor, (s) => s.matches('bound'));
    expect(actor.getSnapshot().context.card).toEqual(sampleCard);
    expect(sends).toEqual([{ cardNo: '6004000000000011', mobile: '923000001' }, { cardNo: '6004000000000011', mobile: '923000001' }]);
    actor.stop();
  });
});
