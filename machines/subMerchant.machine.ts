import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { MerchantSummary } from '../services/contract/merchantShared.ts';
import { COMPANY_NIF } from '../src/lib/nif.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * Registering a sub-merchant (`/app/submerchant`): an outlet or franchise with its own name, a NIF
 * if it has one (10 digits), and its province and city from
 * `subMerchant/register/queryAllProvCities`. Each field says what is wrong with it; nothing is sent
 * until all are right. `subMerchant/register/apply` registers it; a member who is not a merchant
 * (MCH10003) is led to open a collection account, a place the server does not know (MCH10017) is
 * said at the place.
 */
export interface Province {
  id: string;
  name: string;
  cities: string[];
}

export type SubMerchantField = 'name' | 'nif' | 'provinceId' | 'city';
export type SubMerchantValues = Record<SubMerchantField, string>;
export type SubMerchantProblem = 'required' | 'invalid';
export type SubMerchantProblems = Partial<Record<SubMerchantField, SubMerchantProblem>>;

export interface SubMerchantContext {
  provinces: Province[];
  values: SubMerchantValues;
  problems: SubMerchantProblems;
  merchant: MerchantSummary | null;
  errorCode: string | null;
}

export type SubMerchantEvent =
  | { type: 'provinces.retry' }
  | { type: 'field.changed'; field: SubMerchantField; value: string }
  | { type: 'subMerchant.submitted' }
  | { type: 'subMerchant.another' };

const EMPTY: SubMerchantValues = { name: '', nif: '', provinceId: '', city: '' };
const MAX: Record<SubMerchantField, number> = { name: 60, nif: 10, provinceId: 40, city: 80 };

/** What a typed value becomes: the NIF digits only, nothing longer than the server takes. */
export function normaliseSubMerchant(field: SubMerchantField, value: string): string {
  return (field === 'nif' ? value.replace(/\D/g, '') : value).slice(0, MAX[field]);
}

/** Every problem of the form, by field. */
export function validateSubMerchant(values: SubMerchantValues, provinces: Province[]): SubMerchantProblems {
  const problems: SubMerchantProblems = {};
  if (!values.name.trim()) problems.name = 'required';
  if (values.nif && !COMPANY_NIF.test(values.nif)) problems.nif = 'invalid';
  const province = provinces.find((p) => p.id === values.provinceId);
  if (!values.provinceId) problems.provinceId = 'required';
  else if (!province) problems.provinceId = 'invalid';
  if (!values.city) problems.city = 'required';
  else if (province && !province.cities.includes(values.city)) problems.city = 'invalid';
  return problems;
}

export const subMerchantRequest = (values: SubMerchantValues) => ({
  name: values.name.trim(),
  ...(values.nif ? { nif: values.nif } : {}),
  provinceId: values.provinceId,
  city: values.city,
});
export type SubMerchantRequest = ReturnType<typeof subMerchantRequest>;

export const subMerchantMachine = setup({
  types: { context: {} as SubMerchantContext, events: {} as SubMerchantEvent | AnswerEvent },
  actors: {
    loadProvinces: provided<Outcome<{ provinces: Province[] }>>('loadProvinces'),
    register: provided<Outcome<{ merchant: MerchantSummary }>, SubMerchantRequest>('register'),
  },
  guards: {
    invalid: ({ context }) => Object.keys(validateSubMerchant(context.values, context.provinces)).length > 0,
  },
  actions: {
    announceAnswer: announceAnswer<SubMerchantContext, SubMerchantEvent | AnswerEvent>(),
    keepProvinces: assign({ provinces: ({ event }) => answerData<{ provinces: Province[] }>(event).provinces }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const values = { ...context.values, [event.field]: normaliseSubMerchant(event.field, event.value) };
      // another province empties the city
      if (event.field === 'provinceId' && values.provinceId !== context.values.provinceId) values.city = '';
      // a problem said once is checked again as the person types; fixed ones go
      const now = validateSubMerchant(values, context.provinces);
      const problems = Object.fromEntries(Object.entries(context.problems).filter(([field]) => now[field as SubMerchantField]).map(([field]) => [field, now[field as SubMerchantField]]));
      return { values, problems };
    }),
    markProblems: assign({ problems: ({ context }) => validateSubMerchant(context.values, context.provinces) }),
    keepMerchant: assign({ merchant: ({ event }) => answerData<{ merchant: MerchantSummary }>(event).merchant }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    startOver: assign({ values: () => ({ ...EMPTY }), problems: () => ({}), merchant: null, errorCode: null }),
  },
}).createMachine({
  id: 'subMerchant',
  context: { provinces: [], values: { ...EMPTY }, problems: {}, merchant: null, errorCode: null },
  initial: 'loadingProvinces',
  states: {
    loadingProvinces: {
      tags: ['busy'],
      invoke: {
        id: 'loadProvinces',
        src: 'loadProvinces',
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'provincesFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadProvinces.ok': { target: 'editing', actions: 'keepProvinces' },
        'loadProvinces.refused.*': { target: 'provincesFailed', actions: 'keepRefusal' },
      },
    },
    provincesFailed: { tags: ['error'], on: { 'provinces.retry': { target: 'loadingProvinces' } } },
    editing: {
      initial: 'idle',
      on: {
        'field.changed': { target: '.idle', actions: 'setField' },
        'subMerchant.submitted': [
          { guard: 'invalid', target: '.idle', actions: 'markProblems' },
          { target: 'registering' },
        ],
      },
      states: {
        idle: {},
        // MCH10017: the server does not know this province and city
        placeRefused: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    registering: {
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => subMerchantRequest(context.values),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'editing.unreachable' },
      },
      on: {
        'register.ok': { target: 'registered', actions: 'keepMerchant' },
        'register.refused.MCH10003': { target: 'notMerchant' },
        'register.refused.MCH10017': { target: 'editing.placeRefused' },
        'register.refused.*': { target: 'editing.refused', actions: 'keepRefusal' },
      },
    },
    // no collection account: the screen leads to opening one
    notMerchant: {},
    // registered: its first store, the merchant list, or another sub-merchant
    registered: { on: { 'subMerchant.another': { target: 'editing', actions: 'startOver' } } },
  },
});
