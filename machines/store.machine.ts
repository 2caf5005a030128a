import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Store } from '../services/contract/merchantShared.ts';
import { announceAnswer, answerCode, answerData, provided, type AnswerEvent } from './outcome.ts';

/**
 * A store (spec §3), created (`/app/store/new?merchantId=`) or edited (`/app/store/$id`): name,
 * address, description, business days (every day, Monday to Friday, or single days), opening and
 * closing hours, and a photo (uploaded by the screen as it is chosen, recorded here by file id).
 * Each field says what is wrong with it and nothing is sent until all are right
 * (`merchant/store/save`). An existing store may be closed, asked once more first
 * (`merchant/store/close`): its codes stop taking payments, its records stay. A closed store is
 * shown as closed and is not edited (MCH10005).
 * A new store starts open Monday to Saturday, 08:00 to 20:00 (a first save needs only a name and an
 * address). Once saved, the screen replaces the address `/app/store/new?merchantId=` with the
 * store's own (`showSavedStore`); that page starts with `justSaved` and shows the store saved.
 */
export type StoreTextField = 'name' | 'address' | 'description' | 'opensAt' | 'closesAt';
export type StoreProblemField = StoreTextField | 'businessDays' | 'photo';
export type StoreProblem = 'required' | 'invalid' | 'sameTime';
export type StoreProblems = Partial<Record<StoreProblemField, StoreProblem>>;

export interface StorePhoto {
  fileId: string;
  /** Known only for a photo chosen in this browser. */
  fileName: string;
}

export interface StoreValues {
  name: string;
  address: string;
  description: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday, ascending. */
  businessDays: number[];
  opensAt: string;
  closesAt: string;
  photo: StorePhoto | null;
}

export interface StoreInput {
  /** The store to edit; none: a new one. */
  storeId?: string | null;
  /** The merchant or sub-merchant a new store is for. */
  merchantId?: string | null;
  /** The store was just created on the page this one replaced: once loaded, it is shown saved. */
  justSaved?: boolean;
}

export interface StoreContext {
  storeId: string | null;
  merchantId: string | null;
  values: StoreValues;
  problems: StoreProblems;
  store: Store | null;
  errorCode: string | null;
  justSaved: boolean;
}

export type StoreEvent =
  | { type: 'store.retry' }
  | { type: 'field.changed'; field: StoreTextField; value: string }
  | { type: 'day.toggled'; day: number }
  | { type: 'days.preset'; preset: 'everyDay' | 'weekdays' }
  | { type: 'photo.uploaded'; fileId: string; fileName: string }
  | { type: 'photo.removed' }
  | { type: 'store.submitted' }
  | { type: 'store.edit' }
  | { type: 'close.asked' }
  | { type: 'close.confirmed' }
  | { type: 'close.cancelled' };

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DAY_PRESETS = { everyDay: [1, 2, 3, 4, 5, 6, 7], weekdays: [1, 2, 3, 4, 5] } as const;
const MAX: Record<StoreTextField, number> = { name: 60, address: 200, description: 500, opensAt: 5, closesAt: 5 };
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A new store: Monday to Saturday, 08:00 to 20:00, what most shops keep; the merchant changes what differs. */
export const NEW_STORE: StoreValues = { name: '', address: '', description: '', businessDays: [1, 2, 3, 4, 5, 6], opensAt: '08:00', closesAt: '20:00', photo: null };

/** Every problem of the form, by field. A store may close after midnight (a bar: 18:00 to 02:00), not at the minute it opens. */
export function validateStore(values: StoreValues): StoreProblems {
  const problems: StoreProblems = {};
  if (!values.name.trim()) problems.name = 'required';
  if (!values.address.trim()) problems.address = 'required';
  if (values.businessDays.length === 0) problems.businessDays = 'required';
  for (const field of ['opensAt', 'closesAt'] as const) {
    if (!values[field]) problems[field] = 'required';
    else if (!CLOCK.test(values[field])) problems[field] = 'invalid';
  }
  if (!problems.opensAt && !problems.closesAt && values.opensAt === values.closesAt) problems.closesAt = 'sameTime';
  return problems;
}

const valuesOf = (store: Store): StoreValues => ({
  name: store.name, address: store.address, description: store.description, businessDays: [...store.businessDays].sort((a, b) => a - b),
  opensAt: store.opensAt, closesAt: store.closesAt, photo: store.photoFileId ? { fileId: store.photoFileId, fileName: '' } : null,
});

/** The `merchant/store/save` request; call it on values `validateStore` accepts. */
export const storeRequest = (context: Pick<StoreContext, 'storeId' | 'merchantId' | 'values'>) => ({
  ...(context.storeId ? { storeId: context.storeId } : {}),
  merchantId: context.merchantId ?? '',
  name: context.values.name.trim(),
  address: context.values.address.trim(),
  description: context.values.description.trim(),
  businessDays: context.values.businessDays,
  opensAt: context.values.opensAt,
  closesAt: context.values.closesAt,
  photoFileId: context.values.photo?.fileId ?? null,
});
export type StoreRequest = ReturnType<typeof storeRequest>;

const savedStore = (event: unknown) => answerData<{ store: Store }>(event).store;

/** The values after an edit; problems already shown are checked again, and go once fixed. */
function edited(context: StoreContext, values: StoreValues): Partial<StoreContext> {
  const now = validateStore(values);
  const problems = Object.fromEntries(Object.keys(context.problems).filter((f) => now[f as StoreProblemField]).map((f) => [f, now[f as StoreProblemField]]));
  return { values, problems };
}

export const storeMachine = setup({
  types: { input: {} as StoreInput, context: {} as StoreContext, events: {} as StoreEvent | AnswerEvent },
  actors: {
    loadStore: provided<Outcome<{ store: Store }>, { storeId: string }>('loadStore'),
    saveStore: provided<Outcome<{ store: Store }>, StoreRequest>('saveStore'),
    closeStore: provided<Outcome<{ store: Store }>, { storeId: string }>('closeStore'),
  },
  guards: {
    editsAStore: ({ context }) => context.storeId !== null,
    // a new store's first save: its page's address still says "new"
    savedNewStore: ({ context }) => context.storeId === null,
    loadedJustSaved: ({ context }) => context.justSaved,
    hasMerchant: ({ context }) => context.merchantId !== null,
    hasPhoto: ({ context }) => context.values.photo !== null,
    loadedClosed: ({ event }) => savedStore(event)?.status === 'closed',
    invalid: ({ context }) => Object.keys(validateStore(context.values)).length > 0,
  },
  actions: {
    announceAnswer: announceAnswer<StoreContext, StoreEvent | AnswerEvent>(),
    keepStore: assign(({ event }) => {
      const store = savedStore(event);
      return { store, storeId: store.storeId, merchantId: store.merchantId, values: valuesOf(store), problems: {}, errorCode: null, justSaved: false };
    }),
    setField: assign(({ context, event }) => (event.type === 'field.changed' ? edited(context, { ...context.values, [event.field]: event.value.slice(0, MAX[event.field]) }) : {})),
    toggleDay: assign(({ context, event }) => {
      if (event.type !== 'day.toggled' || !WEEKDAYS.includes(event.day as 1)) return {};
      const days = context.values.businessDays.includes(event.day) ? context.values.businessDays.filter((d) => d !== event.day) : [...context.values.businessDays, event.day].sort((a, b) => a - b);
      return edited(context, { ...context.values, businessDays: days });
    }),
    presetDays: assign(({ context, event }) => (event.type === 'days.preset' ? edited(context, { ...context.values, businessDays: [...DAY_PRESETS[event.preset]] }) : {})),
    setPhoto: assign(({ context, event }) => (event.type === 'photo.uploaded' ? edited(context, { ...context.values, photo: { fileId: event.fileId, fileName: event.fileName } }) : {})),
    removePhoto: assign(({ context }) => edited(context, { ...context.values, photo: null })),
    markProblems: assign({ problems: ({ context }) => validateStore(context.values) }),
    markPhotoRefused: assign({ problems: ({ context }) => ({ ...context.problems, photo: 'invalid' as const }) }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event) }),
    forgetRefusal: assign({ errorCode: null }),
    /** Provided by the screen: the address bar shows the saved store's page, replacing the new store's. */
    showSavedStore: () => {},
  },
}).createMachine({
  id: 'store',
  context: ({ input }) => ({ storeId: input.storeId ?? null, merchantId: input.merchantId ?? null, values: { ...NEW_STORE, businessDays: [...NEW_STORE.businessDays] }, problems: {}, store: null, errorCode: null, justSaved: input.justSaved ?? false }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'editsAStore', target: 'loading' }, { guard: 'hasMerchant', target: 'editing' }, { target: 'noMerchant' }] },
    // a new store without the merchant it is for: the screen leads to the merchant list
    noMerchant: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStore',
        src: 'loadStore',
        input: ({ context }) => ({ storeId: context.storeId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'loadFailed', actions: 'forgetRefusal' },
      },
      on: {
        'loadStore.ok': [
          { guard: 'loadedClosed', target: 'closed', actions: 'keepStore' },
          { guard: 'loadedJustSaved', target: 'saved', actions: 'keepStore' },
          { target: 'editing', actions: 'keepStore' },
        ],
        'loadStore.refused.*': { target: 'loadFailed', actions: 'keepRefusal' },
      },
    },
    loadFailed: { tags: ['error'], on: { 'store.retry': { target: 'loading' } } },
    editing: {
      initial: 'idle',
      on: {
        'field.changed': { target: '.idle', actions: 'setField' },
        'day.toggled': { target: '.idle', actions: 'toggleDay' },
        'days.preset': { target: '.idle', actions: 'presetDays' },
        'photo.uploaded': { target: '.idle', actions: 'setPhoto' },
        'photo.removed': { guard: 'hasPhoto', target: '.idle', actions: 'removePhoto' },
        'store.submitted': [
          { guard: 'invalid', target: '.idle', actions: 'markProblems' },
          { target: 'saving' },
        ],
        'close.asked': { guard: 'editsAStore', target: 'confirmingClose' },
      },
      states: {
        idle: {},
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveStore',
        src: 'saveStore',
        input: ({ context }) => storeRequest(context),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'editing.unreachable' },
      },
      on: {
        'saveStore.ok': [
          { guard: 'savedNewStore', target: 'saved', actions: ['keepStore', 'showSavedStore'] },
          { target: 'saved', actions: 'keepStore' },
        ],
        // closed meanwhile: loaded again, it shows closed
        'saveStore.refused.MCH10005': { target: 'loading' },
        // the photo was not the merchant's own upload (UPL10001) or not an image (UPL10002)
        'saveStore.refused.UPL10001': { target: 'editing.refused', actions: ['keepRefusal', 'markPhotoRefused'] },
        'saveStore.refused.UPL10002': { target: 'editing.refused', actions: ['keepRefusal', 'markPhotoRefused'] },
        'saveStore.refused.*': { target: 'editing.refused', actions: 'keepRefusal' },
      },
    },
    // saved: its codes, the merchant list, or more changes
    saved: { on: { 'store.edit': { target: 'editing' } } },
    // "close this store?": nothing happens until the merchant says yes
    confirmingClose: {
      initial: 'idle',
      on: { 'close.confirmed': { target: 'closing' }, 'close.cancelled': { target: 'editing' } },
      states: {
        idle: {},
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    closing: {
      tags: ['busy'],
      invoke: {
        id: 'closeStore',
        src: 'closeStore',
        input: ({ context }) => ({ storeId: context.storeId! }),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'confirmingClose.unreachable' },
      },
      on: {
        'closeStore.ok': { target: 'closed', actions: 'keepStore' },
        'closeStore.refused.*': { target: 'confirmingClose.refused', actions: 'keepRefusal' },
      },
    },
    // closed: takes no payments and no changes; its records stay
    closed: {},
  },
});
