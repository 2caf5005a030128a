import { describe, expect, it } from 'vitest';
import { enterpriseDocumentSlots, enterpriseFormSchema } from '../../services/contract/enterpriseVerification.ts';
import {
  DOCUMENT_SLOTS, emptyValues, fromSubmitted, isComplete, normaliseField, reviveDraft, toApplyRequest, validate, withDocument, withField,
} from '../../machines/enterpriseForm.ts';
import { completeDraft, lastForm } from '../models/enterpriseVerification.model.ts';

describe('enterprise form helpers', () => {
  it('lists the contract’s seven documents, in its order', () => {
    expect([...DOCUMENT_SLOTS]).toEqual([...enterpriseDocumentSlots]);
  });

  it('an empty form misses every field and document, each with its own code', () => {
    const errors = validate(emptyValues());
    expect(errors['company.shortName']).toBe('required');
    expect(errors['basicInfo.province']).toBe('required');
    expect(errors['documents.signerIdBack']).toBe('required');
    // the date is only asked for once "until a date" is chosen
    expect(errors['company.validityDate']).toBeUndefined();
    expect(Object.keys(errors)).toHaveLength(22 + 7);
  });

  it('checks the shapes: company NIF 10 digits, B.I. 9+2+3, mobile 9[1-79], e-mail, real dates', () => {
    let values = completeDraft;
    expect(validate(values)).toEqual({});
    values = withField(values, 'company.nif', '54170382');
    values = withField(values, 'legalPerson.cardNumber', '004562891L042');
    values = withField(values, 'basicInfo.phone', '981234567');
    values = withField(values, 'basicInfo.email', 'geral@kitanda');
    values = withField(values, 'company.validityDate', '2029-02-30');
    expect(validate(values)).toEqual({
      'company.nif': 'invalid', 'legalPerson.cardNumber': 'invalid', 'basicInfo.phone': 'invalid', 'basicInfo.email': 'invalid', 'company.validityDate': 'invalid',
    });
  });

  it('normalises what is typed', () => {
    expect(normaliseField('company.nif', '541 703-8299 12')).toBe('5417038299');
    expect(normaliseField('signer.cardNumber', '004562891 la 042')).toBe('004562891LA042');
    expect(normaliseField('basicInfo.phone', '923 456 789')).toBe('923456789');
    expect(normaliseField('basicInfo.gender', 'X')).toBe('');
    expect(normaliseField('company.shortName', 'x'.repeat(60))).toHaveLength(40);
  });

  it('another province empties the city; long term empties the date', () => {
    const values = withField(withField(completeDraft, 'basicInfo.province', 'benguela'), 'company.validityKind', 'longTerm');
    expect(values.basicInfo.city).toBe('');
    expect(values.company.validityDate).toBe('');
    expect(validate(values)).toEqual({ 'basicInfo.city': 'required' });
  });

  it('builds a request the server’s contract accepts, and reads it back', () => {
    const request = toApplyRequest(completeDraft);
    expect(enterpriseFormSchema.parse(request)).toEqual(request);
    expect(request).toEqual(lastForm);
    expect(toApplyRequest(withField(completeDraft, 'company.validityKind', 'longTerm')).company.validity).toEqual({ kind: 'longTerm' });
    expect(isComplete(fromSubmitted(lastForm))).toBe(true);
    expect(toApplyRequest(fromSubmitted(lastForm))).toEqual(lastForm);
  });

  it('revives a draft from storage and drops what is malformed', () => {
    expect(reviveDraft(JSON.parse(JSON.stringify(completeDraft)))).toEqual(completeDraft);
    expect(reviveDraft(null)).toBeNull();
    expect(reviveDraft('x')).toBeNull();
    const revived = reviveDraft({
      company: { name: 42, nif: '54-17', validityKind: 'forever' },
      basicInfo: { gender: 'M', province: 'luanda', city: 'Ingombota' },
      documents: { businessLicence: { fileId: 'f1' }, signerIdBack: { fileName: 'no id' }, nowhere: { fileId: 'x' } },
    })!;
    expect(revived.company).toMatchObject({ name: '', nif: '5417', validityKind: '' });
    expect(revived.basicInfo).toMatchObject({ gender: 'M', province: 'luanda', city: 'Ingombota' });
    expect(revived.documents.businessLicence).toEqual({ fileId: 'f1', fileName: '', contentType: '' });
    expect(revived.documents.signerIdBack).toBeNull();
    expect(Object.keys(revived.documents)).toEqual([...DOCUMENT_SLOTS]);
  });

  it('a removed document is missing again', () => {
    expect(validate(withDocument(completeDraft, 'companyNifPhoto', null))).toEqual({ 'documents.companyNifPhoto': 'required' });
  });
});
