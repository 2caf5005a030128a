import { setup, assign } from 'xstate';
import type { Outcome } from '../services/contract/outcome.ts';
import type { Language } from '../src/lib/language.ts';
import { announceAnswer, answerCode, answerData, answerDetail, provided, type AnswerEvent } from './outcome.ts';
import {
  emptyFields, MAX_CONTENT_LENGTH, MAX_CONTENT_LINES, MAX_NAME_LENGTH, PACKAGE_FIELDS, requestOf, unreadableFields,
  type PackageFields, type SavePackageRequest,
} from './groupPackageFields.ts';

/**
 * Making a group package (`/app/grouppackages/new`, `merchant/groupPackage/save`): the owner's open
 * stores are read (`merchant/list/query`; none → said so, with the way to the stores) → the store,
 * the name, the content's lines (1 to 20, added and removed), the group and normal prices in Kz, the
 * stock, the end (and an optional start) and an optional photo are typed → what is missing or not a
 * figure is said next to its field before anything is sent → saved (another may be made) or
 * refused (GRP10001–GRP10004, UPL10001/2, MCH10004/5, a clerk STF10010), said at the field it
 * names, with everything typed kept. The fields and how they are read: machines/groupPackageFields.ts.
 */
export interface GroupPackageFormInput {
  language: Language;
}
/** An open store of the owner (or of a sub-merchant) a package may be sold at. */
export interface PackageStore {
  storeId: string;
  name: string;
}
/** The photo uploaded for the package (as a store's photo: screens/store/StorePhotoSlot.tsx). */
export interface PackagePhoto {
  fileId: string;
  fileName: string;
}

export interface GroupPackageFormContext {
  language: Language;
  stores: PackageStore[];
  fields: PackageFields;
  content: string[];
  photo: PackagePhoto | null;
  /** The fields that could not be read when the form was sent. */
  unreadable: string[];
  errorCode: string | null;
  /** The refusal's detail: the request's key it is about, when it names one. */
  errorDetail: string | null;
  savedId: string | null;
}

export type GroupPackageFormEvent =
  | { type: 'stores.retry' }
  | { type: 'field.changed'; name: string; value: string }
  | { type: 'content.changed'; index: number; value: string }
  | { type: 'content.added' }
  | { type: 'content.removed'; index: number }
  | { type: 'photo.uploaded'; photo: PackagePhoto }
  | { type: 'photo.removed' }
  | { type: 'form.submitted' }
  | { type: 'form.restarted' };

type Ctx = { context: GroupPackageFormContext };
const storeIdsOf = (context: GroupPackageFormContext) => context.stores.map((store) => store.storeId);
const unreadableOf = (context: GroupPackageFormContext) => unreadableFields(context.fields, context.content, storeIdsOf(context), context.language);
/** The store chosen already when there is only one. */
const onlyStoreOf = (stores: PackageStore[]) => (stores.length === 1 ? stores[0]!.storeId : '');
const lineIndex = (context: GroupPackageFormContext, event: { type: string }) => {
  const index = event.type === 'content.changed' || event.type === 'content.removed' ? (event as unknown as { index: number }).index : -1;
  return Number.isInteger(index) && index >= 0 && index < context.content.length;
};
/** A change makes a field's problem, and a refusal about it, go. */
const without = (names: string[], name: string) => names.filter((n) => n !== name);

export const groupPackageFormMachine = setup({
  types: { input: {} as GroupPackageFormInput, context: {} as GroupPackageFormContext, events: {} as GroupPackageFormEvent | AnswerEvent },
  actors: {
    loadStores: provided<Outcome<{ stores: PackageStore[] }>>('loadStores'),
    save: provided<Outcome<{ packageId: string }>, SavePackageRequest>('save'),
  },
  guards: {
    noStore: ({ event }) => answerData<{ stores: PackageStore[] }>(event).stores.length === 0,
    knownField: ({ event }) => event.type === 'field.changed' && (PACKAGE_FIELDS as string[]).includes(event.name),
    knownLine: ({ context, event }) => lineIndex(context, event),
    // 1 to 20 lines: the last one stays (emptied, it is said missing), the 21st is not added
    roomForLine: ({ context }: Ctx) => context.content.length < MAX_CONTENT_LINES,
    removableLine: ({ context, event }) => lineIndex(context, event) && context.content.length > 1,
    unreadable: ({ context }: Ctx) => unreadableOf(context).length > 0,
    hasPhoto: ({ context }: Ctx) => context.photo !== null,
  },
  actions: {
    announceAnswer: announceAnswer<GroupPackageFormContext, GroupPackageFormEvent | AnswerEvent>(),
    keepStores: assign(({ event }) => {
      const { stores } = answerData<{ stores: PackageStore[] }>(event);
      return { stores, fields: emptyFields(onlyStoreOf(stores)), errorCode: null };
    }),
    setField: assign({
      fields: ({ context, event }) => {
        if (event.type !== 'field.changed') return context.fields;
        return { ...context.fields, [event.name]: event.value.slice(0, event.name === 'name' ? MAX_NAME_LENGTH : 40) };
      },
      unreadable: ({ context, event }) => (event.type === 'field.changed' ? without(context.unreadable, event.name) : context.unreadable),
    }),
    setLine: assign({
      content: ({ context, event }) => (event.type === 'content.changed' ? context.content.map((line, i) => (i === event.index ? event.value.slice(0, MAX_CONTENT_LENGTH) : line)) : context.content),
      unreadable: ({ context }) => without(context.unreadable, 'content'),
    }),
    addLine: assign({ content: ({ context }) => [...context.content, ''] }),
    removeLine: assign({
      content: ({ context, event }) => (event.type === 'content.removed' ? context.content.filter((_, i) => i !== event.index) : context.content),
      unreadable: ({ context }) => without(context.unreadable, 'content'),
    }),
    setPhoto: assign({ photo: ({ event }) => (event.type === 'photo.uploaded' ? event.photo : null) }),
    keepUnreadable: assign({ unreadable: ({ context }) => unreadableOf(context) }),
    forgetRefusal: assign({ errorCode: null, errorDetail: null }),
    keepRefusal: assign({ errorCode: ({ event }) => answerCode(event), errorDetail: ({ event }) => answerDetail(event) || null }),
    keepSaved: assign({ savedId: ({ event }) => answerData<{ packageId: string }>(event).packageId, errorCode: null, errorDetail: null }),
    // another package: the same store, the rest empty
    emptyForm: assign({ fields: ({ context }) => emptyFields(context.fields.storeId), content: [''], photo: null, unreadable: [], savedId: null }),
  },
}).createMachine({
  id: 'groupPackageForm',
  context: ({ input }) => ({
    language: input.language, stores: [], fields: emptyFields(), content: [''], photo: null, unreadable: [], errorCode: null, errorDetail: null, savedId: null,
  }),
  initial: 'loadingStores',
  states: {
    loadingStores: {
      tags: ['busy'],
      invoke: { id: 'loadStores', src: 'loadStores', onDone: { actions: 'announceAnswer' }, onError: { target: 'storesFailed', actions: 'forgetRefusal' } },
      on: {
        'loadStores.ok': [{ guard: 'noStore', target: 'noStore' }, { target: 'editing', actions: 'keepStores' }],
        // a member without a collection account, or a clerk
        'loadStores.refused.MCH10003': { target: 'notOwner', actions: 'keepRefusal' },
        'loadStores.refused.STF10010': { target: 'notOwner', actions: 'keepRefusal' },
        'loadStores.refused.*': { target: 'storesFailed', actions: 'keepRefusal' },
      },
    },
    storesFailed: { tags: ['error'], on: { 'stores.retry': { target: 'loadingStores' } } },
    noStore: {},
    notOwner: {},
    editing: {
      initial: 'idle',
      on: {
        'field.changed': { guard: 'knownField', target: '.idle', actions: 'setField' },
        'content.changed': { guard: 'knownLine', target: '.idle', actions: 'setLine' },
        'content.added': { guard: 'roomForLine', target: '.idle', actions: 'addLine' },
        'content.removed': { guard: 'removableLine', target: '.idle', actions: 'removeLine' },
        'photo.uploaded': { target: '.idle', actions: 'setPhoto' },
        'photo.removed': { guard: 'hasPhoto', target: '.idle', actions: 'setPhoto' },
        'form.submitted': [
          { guard: 'unreadable', target: '.unreadable', actions: ['keepUnreadable', 'forgetRefusal'] },
          { target: 'saving', actions: 'forgetRefusal' },
        ],
      },
      states: {
        idle: {},
        unreadable: { tags: ['error'] },
        refused: { tags: ['error'] },
        unreachable: { tags: ['error'] },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => requestOf(context.fields, context.content, context.photo?.fileId ?? null, context.language),
        onDone: { actions: 'announceAnswer' },
        onError: { target: 'editing.unreachable' },
      },
      on: {
        'save.ok': { target: 'saved', actions: 'keepSaved' },
        'save.refused.*': { target: 'editing.refused', actions: 'keepRefusal' },
      },
    },
    saved: { on: { 'form.restarted': { target: 'editing', actions: 'emptyForm' } } },
  },
});
