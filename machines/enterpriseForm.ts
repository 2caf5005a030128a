import type { EnterpriseDocumentSlot, EnterpriseForm } from '../services/contract/enterpriseVerification.ts';
import { COMPANY_NIF, PERSONAL_NIF } from '../src/lib/nif.ts';
import { MOBILE_PATTERN } from '../src/lib/phone.ts';

/**
 * The enterprise verification form as the member edits it (spec §3), and the pure helpers the chart
 * uses: edit a field, check the form, turn it into the `appRegisterAction/apply` request and back.
 * Values are plain strings so a half-filled form (the draft) fits in session storage as it is.
 */

/** The seven documents, in the order the form shows them (the contract's list, without zod in the bundle). */
export const DOCUMENT_SLOTS = [
  'businessLicence', 'registrationCertificate', 'legalPersonIdFront', 'legalPersonIdBack', 'signerIdFront', 'signerIdBack', 'companyNifPhoto',
] as const satisfies readonly EnterpriseDocumentSlot[];
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

/** An uploaded file; the name and type are only known for files uploaded in this browser. */
export interface EnterpriseDocument {
  fileId: string;
  fileName: string;
  contentType: string;
}

export interface EnterpriseValues {
  company: { name: string; shortName: string; nif: string; licenceNumber: string; validityKind: '' | 'longTerm' | 'until'; validityDate: string; registrationNumber: string };
  legalPerson: { name: string; surname: string; cardNumber: string; taxNumber: string };
  signer: { name: string; cardNumber: string; taxNumber: string };
  basicInfo: {
    phone: string; email: string; address: string; areaOfBusiness: string; province: string; city: string;
    gender: '' | 'F' | 'M'; birthday: string; personalNif: string;
  };
  documents: Record<DocumentSlot, EnterpriseDocument | null>;
}

type Section = Exclude<keyof EnterpriseValues, 'documents'>;
type PathOf<S extends Section> = S extends Section ? `${S}.${Extract<keyof EnterpriseValues[S], string>}` : never;
/** A text field by its dotted path (`company.nif`); the input's `name` is the same string. */
export type FieldPath = PathOf<Section>;
export type DocumentPath = `documents.${DocumentSlot}`;
/** Why a field is refused: missing, or not the expected shape. Screens say it per field. */
export type FieldProblem = 'required' | 'invalid';
export type FieldErrors = Partial<Record<FieldPath | DocumentPath, FieldProblem>>;

/** Longest value per field, as the contract allows. */
const MAX: Record<FieldPath, number> = {
  'company.name': 120, 'company.shortName': 40, 'company.nif': 10, 'company.licenceNumber': 40, 'company.validityKind': 8,
  'company.validityDate': 10, 'company.registrationNumber': 40,
  'legalPerson.name': 60, 'legalPerson.surname': 60, 'legalPerson.cardNumber': 14, 'legalPerson.taxNumber': 14,
  'signer.name': 120, 'signer.cardNumber': 14, 'signer.taxNumber': 14,
  'basicInfo.phone': 9, 'basicInfo.email': 254, 'basicInfo.address': 200, 'basicInfo.areaOfBusiness': 80, 'basicInfo.province': 40,
  'basicInfo.city': 60, 'basicInfo.gender': 1, 'basicInfo.birthday': 10, 'basicInfo.personalNif': 14,
};
export const FIELD_PATHS = Object.keys(MAX) as FieldPath[];
export const maxLengthOf = (path: FieldPath) => MAX[path];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The e-mail shape the server's contract checks (zod's), so the form never sends what it refuses. */
export const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const isRealDate = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The shape each field must have, besides being filled. */
const SHAPES: Partial<Record<FieldPath, (value: string) => boolean>> = {
  'company.nif': (v) => COMPANY_NIF.test(v),
  'company.validityDate': isRealDate,
  'legalPerson.cardNumber': (v) => PERSONAL_NIF.test(v),
  'legalPerson.taxNumber': (v) => PERSONAL_NIF.test(v),
  'signer.cardNumber': (v) => PERSONAL_NIF.test(v),
  'signer.taxNumber': (v) => PERSONAL_NIF.test(v),
  'basicInfo.phone': (v) => MOBILE_PATTERN.test(v),
  'basicInfo.email': (v) => EMAIL.test(v),
  'basicInfo.birthday': isRealDate,
  'basicInfo.personalNif': (v) => PERSONAL_NIF.test(v),
};

/** Fields chosen from a list: anything else reads as not chosen. */
const CHOICES: Partial<Record<FieldPath, readonly string[]>> = { 'company.validityKind': ['longTerm', 'until'], 'basicInfo.gender': ['F', 'M'] };
const DIGITS_ONLY = new Set<FieldPath>(['company.nif', 'basicInfo.phone']);
const IDENTITY_NUMBERS = new Set<FieldPath>(['legalPerson.cardNumber', 'legalPerson.taxNumber', 'signer.cardNumber', 'signer.taxNumber', 'basicInfo.personalNif']);

/** What a typed value becomes: digits only for numbers, B.I. numbers upper case without spaces, no overflow. */
export function normaliseField(path: FieldPath, value: string): string {
  const choices = CHOICES[path];
  if (choices) return choices.includes(value) ? value : '';
  let v = value;
  if (DIGITS_ONLY.has(path)) v = v.replace(/\D/g, '');
  else if (IDENTITY_NUMBERS.has(path)) v = v.replace(/\s+/g, '').toUpperCase();
  else if (path === 'basicInfo.email') v = v.trim();
  return v.slice(0, MAX[path]);
}

export function emptyValues(): EnterpriseValues {
  return {
    company: { name: '', shortName: '', nif: '', licenceNumber: '', validityKind: '', validityDate: '', registrationNumber: '' },
    legalPerson: { name: '', surname: '', cardNumber: '', taxNumber: '' },
    signer: { name: '', cardNumber: '', taxNumber: '' },
    basicInfo: { phone: '', email: '', address: '', areaOfBusiness: '', province: '', city: '', gender: '', birthday: '', personalNif: '' },
    documents: Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [slot, null])) as EnterpriseValues['documents'],
  };
}

export function fieldValue(values: EnterpriseValues, path: FieldPath): string {
  const [section, key] = path.split('.') as [Section, string];
  return (values[section] as Record<string, string>)[key] ?? '';
}

/** The values with one field changed; choosing another province empties the city. */
export function withField(values: EnterpriseValues, path: FieldPath, raw: string): EnterpriseValues {
  const [section, key] = path.split('.') as [Section, string];
  const value = normaliseField(path, raw);
  const next = { ...values, [section]: { ...values[section], [key]: value } } as EnterpriseValues;
  if (path === 'basicInfo.province' && value !== values.basicInfo.province) next.basicInfo = { ...next.basicInfo, city: '' };
  if (path === 'company.validityKind' && value !== 'until') next.company = { ...next.company, validityDate: '' };
  return next;
}

export const withDocument = (values: EnterpriseValues, slot: DocumentSlot, document: EnterpriseDocument | null): EnterpriseValues => ({
  ...values,
  documents: { ...values.documents, [slot]: document },
});

/** Every problem of the form, by field: what the submit button checks before anything is sent. */
export function validate(values: EnterpriseValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const path of FIELD_PATHS) {
    if (path === 'company.validityDate' && values.company.validityKind !== 'until') continue;
    const value = fieldValue(values, path).trim();
    if (!value) errors[path] = 'required';
    else if (SHAPES[path] && !SHAPES[path](value)) errors[path] = 'invalid';
  }
  for (const slot of DOCUMENT_SLOTS) if (!values.documents[slot]) errors[`documents.${slot}`] = 'required';
  return errors;
}

export const isComplete = (values: EnterpriseValues) => Object.keys(validate(values)).length === 0;

/** The `appRegisterAction/apply` request; call it on values `validate` accepts. */
export function toApplyRequest(values: EnterpriseValues): EnterpriseForm {
  const trim = <T extends Record<string, string>>(section: T) => Object.fromEntries(Object.entries(section).map(([k, v]) => [k, v.trim()])) as T;
  const { validityKind, validityDate, ...company } = trim(values.company);
  return {
    company: { ...company, validity: validityKind === 'until' ? { kind: 'until', date: validityDate } : { kind: 'longTerm' } },
    legalPerson: trim(values.legalPerson),
    signer: trim(values.signer),
    basicInfo: { ...trim(values.basicInfo), gender: values.basicInfo.gender as 'F' | 'M' },
    documents: Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [slot, values.documents[slot]?.fileId ?? ''])) as EnterpriseForm['documents'],
  };
}

/** The last submitted form as editable values (re-verification after a failure). */
export function fromSubmitted(form: EnterpriseForm): EnterpriseValues {
  const { validity, ...company } = form.company;
  return {
    company: { ...company, validityKind: validity.kind, validityDate: validity.kind === 'until' ? validity.date : '' },
    legalPerson: { ...form.legalPerson },
    signer: { ...form.signer },
    basicInfo: { ...form.basicInfo },
    documents: Object.fromEntries(
      DOCUMENT_SLOTS.map((slot) => [slot, form.documents[slot] ? { fileId: form.documents[slot], fileName: '', contentType: '' } : null]),
    ) as EnterpriseValues['documents'],
  };
}

/**
 * A draft read back from session storage, checked field by field: anything unknown or malformed is
 * dropped, so an old or tampered draft can only ever fill the form, never break it.
 */
export function reviveDraft(raw: unknown): EnterpriseValues | null {
  if (typeof raw !== 'object' || raw === null) return null;
  let values = emptyValues();
  const source = raw as Record<string, Record<string, unknown> | undefined>;
  for (const path of FIELD_PATHS) { // in order: the province before its city, the kind before its date
    const [section, key] = path.split('.') as [Section, string];
    const value = source[section]?.[key];
    if (typeof value === 'string') values = withField(values, path, value);
  }
  for (const slot of DOCUMENT_SLOTS) {
    const d = (source.documents as Record<string, unknown> | undefined)?.[slot] as Partial<EnterpriseDocument> | undefined;
    if (d && typeof d.fileId === 'string' && d.fileId) {
      values = withDocument(values, slot, { fileId: d.fileId, fileName: typeof d.fileName === 'string' ? d.fileName : '', contentType: typeof d.contentType === 'string' ? d.contentType : '' });
    }
  }
  return values;
}
