import { z } from 'zod';
import { defineService } from './define.ts';
import { emailAddress, nationalMobile } from './shared.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const biNumber = z.string().transform((v) => v.replace(/\s+/g, '').toUpperCase()).pipe(z.string().regex(/^\d{9}[A-Z]{2}\d{3}$/));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The documents an enterprise verification needs (images or a PDF each), by slot. */
export const enterpriseDocumentSlots = [
  'businessLicence', 'registrationCertificate', 'legalPersonIdFront', 'legalPersonIdBack', 'signerIdFront', 'signerIdBack', 'companyNifPhoto',
] as const;
export type EnterpriseDocumentSlot = (typeof enterpriseDocumentSlots)[number];

/** The form of spec §3: enterprise, legal person, signer, business registration and basic info. */
export const enterpriseFormSchema = z.object({
  company: z.object({
    name: text(120),
    shortName: text(40),
    nif: z.string().regex(/^\d{10}$/),
    licenceNumber: text(40),
    validity: z.discriminatedUnion('kind', [z.object({ kind: z.literal('longTerm') }), z.object({ kind: z.literal('until'), date: isoDate })]),
    registrationNumber: text(40),
  }),
  legalPerson: z.object({ name: text(60), surname: text(60), cardNumber: biNumber, taxNumber: biNumber }),
  signer: z.object({ name: text(120), cardNumber: biNumber, taxNumber: biNumber }),
  basicInfo: z.object({
    phone: nationalMobile,
    email: emailAddress,
    address: text(200),
    areaOfBusiness: text(80),
    province: text(40),
    city: text(60),
    gender: z.enum(['F', 'M']),
    birthday: isoDate,
    personalNif: biNumber,
  }),
  documents: z.object(Object.fromEntries(enterpriseDocumentSlots.map((slot) => [slot, z.string().uuid()])) as Record<EnterpriseDocumentSlot, z.ZodString>),
});
export type EnterpriseForm = z.infer<typeof enterpriseFormSchema>;

export const enterpriseStatusSchema = z.enum(['unverified', 'pending', 'verified', 'failed']);

/** Where the enterprise's verification stands, the operator's reason after a failure, and the last values (to re-verify). */
export const advance = defineService({
  name: 'appRegisterAction/advance',
  audience: 'member',
  request: z.object({}),
  response: z.object({
    status: enterpriseStatusSchema,
    reason: z.string().nullable(),
    submittedAt: z.string().nullable(),
    lastValues: enterpriseFormSchema.nullable(),
  }),
});

/** Submits the form with its documents for review; the status becomes pending review. */
export const apply = defineService({
  name: 'appRegisterAction/apply',
  audience: 'member',
  request: enterpriseFormSchema,
  response: z.object({ status: z.literal('pending'), requestId: z.string().uuid() }),
});

/** The 21 provinces (Lei 14/24) and their municipalities, for the province and city pickers. */
export const queryAllProvCities = defineService({
  name: 'subMerchant/register/queryAllProvCities',
  audience: 'public',
  request: z.object({}),
  response: z.object({ provinces: z.array(z.object({ id: z.string(), name: z.string(), cities: z.array(z.string()) })) }),
});
