import { setup, assign } from 'xstate';
import { announceAnswer, answerData, provided, type AnswerEvent } from './outcome.ts';
import type { Outcome } from '../services/contract/outcome.ts';

/**
 * The camera scanner, a child chart for every flow that reads a code (paying a merchant, binding a
 * printed sticker, the cashier reading a member's payment code): the camera is asked for (the rear
 * one), then frames are read until a code of the wanted formats is found. Refused, absent or
 * unusable, the person is told so and offered the ways that need no camera: a photo of the code
 * from the gallery (read by the same detector), or the serial / digits printed under it, typed. It
 * ends with the first text read and where it came from; the parent decides whether it is a code it
 * can use. The camera is released by the calls themselves when they end or are stopped (a stopped
 * child runs no exit actions), so leaving this chart or its parent always turns the camera off.
 */
export type ScanFormat = 'qr_code' | 'code_128';
/**
 * What a person types when there is no code to read: a collection code's serial, a payment code's
 * 18 digits (or, at the till, a group voucher's code), or a group voucher's code (`GV` and 20 digits).
 */
export type TypedKind = 'serial' | 'paymentCode' | 'groupVoucher';

export interface ScannerInput {
  formats: ScanFormat[];
  typed: TypedKind;
}

/** Why there is no camera picture: refused by the person, none on the device, or the browser cannot. */
export type CameraRefusal = 'denied' | 'absent' | 'unsupported';
/** The camera's stream (a MediaStream in the browser; opaque to the chart). */
export type CameraStream = { readonly id: string };
/** The camera started: its stream, and whether it has a torch the page may turn on (issue 26: where the camera offers one). */
export interface CameraReady {
  stream: CameraStream;
  torch: boolean;
}
export type CameraAnswer = { ok: true; data: CameraReady } | { ok: false; code: CameraRefusal; message: string; detail: string };
/** The torch held on while the call runs (off again when it is stopped): it answers only that it could not be turned on. */
export type TorchAnswer = Outcome<never>;
export interface TorchInput {
  stream: CameraStream;
}
/** What the detector read: the first code's text, or nothing (`noCode`), or no detector at all (`noDetector`). */
export type DetectAnswer = Outcome<{ text: string }>;

export interface DetectInput {
  stream: CameraStream;
  formats: ScanFormat[];
}
export interface PhotoInput {
  photo: Blob;
  formats: ScanFormat[];
}

export interface ScannerOutput {
  text: string;
  source: 'camera' | 'photo' | 'typed';
}

export interface ScannerContext extends ScannerInput {
  stream: CameraStream | null;
  photo: Blob | null;
  typedText: string;
  result: ScannerOutput | null;
}

export type ScannerEvent =
  | { type: 'camera.retry' }
  | { type: 'photo.chosen'; photo: Blob }
  | { type: 'typing.requested' }
  | { type: 'typed.changed'; value: string }
  | { type: 'typed.submitted' }
  | { type: 'torch.toggled' };

/** A voucher's code as typed (`gv 1234-5678…`): `GV` and its 20 digits. */
const voucherTyped = (value: string) => `GV${value.replace(/^\s*g\s*v?/i, '').replace(/\D/g, '').slice(0, 20)}`;
/**
 * A serial as printed (`KW 0000 0001 23`): capitals, no spaces; 18 digits for a payment code (a
 * voucher's code when it starts with its letters: the till reads both); a voucher's `GV` and 20 digits.
 */
export function normaliseTyped(kind: TypedKind, value: string): string {
  if (kind === 'groupVoucher' || (kind === 'paymentCode' && /^\s*g/i.test(value))) return value.trim() === '' ? '' : voucherTyped(value);
  return kind === 'paymentCode' ? value.replace(/\D/g, '').slice(0, 18) : value.toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, 32);
}
const TYPED_PATTERNS: Record<TypedKind, RegExp> = { serial: /^[A-Z]{2}[0-9A-Z]{6,30}$/, paymentCode: /^(?:\d{18}|GV\d{20})$/, groupVoucher: /^GV\d{20}$/ };

export const scannerMachine = setup({
  types: { input: {} as ScannerInput, context: {} as ScannerContext, events: {} as ScannerEvent | AnswerEvent, output: {} as ScannerOutput },
  actors: {
    startCamera: provided<CameraAnswer>('startCamera'),
    detect: provided<DetectAnswer, DetectInput>('detect'),
    decodePhoto: provided<DetectAnswer, PhotoInput>('decodePhoto'),
    torch: provided<TorchAnswer, TorchInput>('torch'),
  },
  guards: {
    typedValid: ({ context }) => TYPED_PATTERNS[context.typed].test(context.typedText),
    cameraHasTorch: ({ event }) => answerData<CameraReady>(event).torch,
  },
  actions: {
    announceAnswer: announceAnswer<ScannerContext, ScannerEvent | AnswerEvent>(),
    keepStream: assign({ stream: ({ event }) => answerData<CameraReady>(event).stream }),
    forgetStream: assign({ stream: null }),
    keepPhoto: assign({ photo: ({ event, context }) => (event.type === 'photo.chosen' ? event.photo : context.photo) }),
    setTyped: assign({ typedText: ({ event, context }) => (event.type === 'typed.changed' ? normaliseTyped(context.typed, event.value) : context.typedText) }),
    keepFromCamera: assign({ result: ({ event }) => ({ text: answerData<{ text: string }>(event).text, source: 'camera' as const }) }),
    keepFromPhoto: assign({ result: ({ event }) => ({ text: answerData<{ text: string }>(event).text, source: 'photo' as const }) }),
    keepTyped: assign({ result: ({ context }) => ({ text: context.typedText, source: 'typed' as const }) }),
  },
}).createMachine({
  id: 'scanner',
  context: ({ input }) => ({ formats: input.formats, typed: input.typed, stream: null, photo: null, typedText: '', result: null }),
  initial: 'looking',
  output: ({ context }) => context.result ?? { text: '', source: 'typed' },
  states: {
    // until a code is read; the ways that need no camera are offered in every state
    looking: {
      initial: 'requesting',
      on: {
        'photo.chosen': { target: '.readingPhoto', actions: 'keepPhoto' },
        'typing.requested': { target: '.typing' },
      },
      states: {
        // the browser asks the person for the camera
        requesting: {
          tags: ['busy'],
          invoke: {
            id: 'startCamera',
            src: 'startCamera',
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'noCamera.unsupported' },
          },
          on: {
            'startCamera.ok': [
              { guard: 'cameraHasTorch', target: 'scanning.torchOff', actions: 'keepStream' },
              { target: 'scanning.noTorch', actions: 'keepStream' },
            ],
            'startCamera.refused.denied': { target: 'noCamera.denied' },
            'startCamera.refused.absent': { target: 'noCamera.absent' },
            'startCamera.refused.*': { target: 'noCamera.unsupported' },
          },
        },
        // the picture shows; frames are read until a code is found (the call releases the camera when it ends)
        scanning: {
          exit: 'forgetStream',
          invoke: {
            id: 'detect',
            src: 'detect',
            input: ({ context }) => ({ stream: context.stream!, formats: context.formats }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'noCamera.noDetector' },
          },
          on: {
            'detect.ok': { target: '#scanner.decoded', actions: 'keepFromCamera' },
            // the detector could not be loaded: a photo cannot be read either
            'detect.refused.*': { target: 'noCamera.noDetector' },
          },
          // the torch, for a code in a dark shop or at night, where the camera has one
          initial: 'noTorch',
          states: {
            noTorch: {},
            torchOff: { on: { 'torch.toggled': { target: 'torchOn' } } },
            torchOn: {
              invoke: {
                id: 'torch',
                src: 'torch',
                input: ({ context }) => ({ stream: context.stream! }),
                // the call holds the torch on until stopped: it ends only when it would not turn on
                onDone: { target: 'noTorch' },
                onError: { target: 'noTorch' },
              },
              on: { 'torch.toggled': { target: 'torchOff' } },
            },
          },
        },
        noCamera: {
          tags: ['error'],
          initial: 'unsupported',
          states: {
            // the person (or a browser setting) refused the camera
            denied: { on: { 'camera.retry': { target: '#scanner.looking.requesting' } } },
            // no camera, or it is busy in another app
            absent: { on: { 'camera.retry': { target: '#scanner.looking.requesting' } } },
            // no camera access in this browser (or an insecure page)
            unsupported: {},
            // codes cannot be read on this device at all: only typing is left
            noDetector: {},
          },
        },
        readingPhoto: {
          tags: ['busy'],
          invoke: {
            id: 'decodePhoto',
            src: 'decodePhoto',
            input: ({ context }) => ({ photo: context.photo!, formats: context.formats }),
            onDone: { actions: 'announceAnswer' },
            onError: { target: 'photoUnreadable' },
          },
          on: {
            'decodePhoto.ok': { target: '#scanner.decoded', actions: 'keepFromPhoto' },
            'decodePhoto.refused.noDetector': { target: 'noCamera.noDetector' },
            // no code in the photo
            'decodePhoto.refused.*': { target: 'photoUnreadable' },
          },
        },
        // no code found in the photo: another photo, the camera again, or typing
        photoUnreadable: { tags: ['error'], on: { 'camera.retry': { target: 'requesting' } } },
        typing: {
          initial: 'editing',
          on: {
            'typed.changed': { target: '.editing', actions: 'setTyped' },
            'typed.submitted': [{ guard: 'typedValid', target: '#scanner.decoded', actions: 'keepTyped' }, { target: '.invalid' }],
            'camera.retry': { target: 'requesting' },
          },
          states: { editing: {}, invalid: { tags: ['error'] } },
        },
      },
    },
    decoded: { type: 'final' },
  },
});
