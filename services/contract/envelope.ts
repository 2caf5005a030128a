import { z } from 'zod';

/** The login token type the envelope carries; both spellings of the member type are accepted. */
export const loginTokenTypes = ['LOGIN_TOKEN', 'LOGIN-TOKEN', 'SSO-AUTH', 'THIRD-PARTY-AUTH'] as const;
export type LoginTokenType = (typeof loginTokenTypes)[number];

const text = (max: number) => z.string().max(max);

/** The gateway request envelope of spec §3, exactly: unknown keys are refused. */
export const envelopeSchema = z.strictObject({
  bizContent: z.record(z.string(), z.unknown()),
  loginAuthInfo: z.strictObject({
    isEnt: z.union([z.boolean(), z.literal('0'), z.literal('1'), z.literal('')]),
    loginToken: text(256),
    loginTokenType: z.enum(loginTokenTypes),
    operatorId: text(64),
    operatorName: text(128),
    partnerId: text(64),
  }),
  requestNo: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
  sarsTokenId: text(256),
  service: z.string().min(3).max(96).regex(/^[A-Za-z0-9_./-]+$/),
  sign: text(1024),
  signType: z.literal('AES'),
  language: text(16),
  terminalInfo: z.strictObject({
    appVersion: text(32),
    deviceBrand: text(64),
    deviceId: text(128),
    deviceModel: text(64),
    deviceType: text(32),
    deviceVersion: text(64),
    terminal: text(32),
    userNetType: text(32),
  }),
  timestamp: z.union([z.string().max(32), z.number().int().nonnegative()]),
  version: text(16),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export interface GatewayAnswer<T = unknown> {
  code: string;
  msg: string;
  subMsg: string;
  bizContent: T | null;
}

export interface LegacyAnswer<T = unknown> {
  status: number | string;
  message: string;
  body: T | null;
}

export { LEGACY_HEADERS } from './answerCodes.ts';
