import { describe, expect, it, vi } from 'vitest';
import { compressForMobile, compressForUpload, isCompressibleImage } from '../../services/compress.ts';
import { storage } from '../../src/lib/storage.ts';

describe('client-side compression (spec §5)', () => {
  it('only treats the listed extensions as images', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.bmp', 'e.svg', 'f.gif', 'g.tiff']) expect(isCompressibleImage(new File(['x'], name))).toBe(true);
    for (const name of ['a.pdf', 'b.webp', 'c', 'd.jpg.exe']) expect(isCompressibleImage(new File(['x'], name))).toBe(false);
  });
  it('sends the original file when it is not an image or the browser cannot compress', async () => {
    const pdf = new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' });
    expect(await compressForUpload(pdf, 'ordinary')).toBe(pdf);
    const photo = new File(['not really'], 'photo.jpg', { type: 'image/jpeg' });
    expect(await compressForUpload(photo, 'gateway')).toBe(photo); // jsdom has no canvas
  });
  it('the mobile helper calls its not-supported callback without canvas', async () => {
    const onNotSupported = vi.fn();
    const onFail = vi.fn();
    expect(await compressForMobile(new File(['x'], 'a.png'), { onNotSupported, onFail })).toBeNull();
    expect(onNotSupported).toHaveBeenCalledOnce();
    expect(onFail).not.toHaveBeenCalled();
  });
});

describe('client-stored items (spec §3)', () => {
  it('keeps only non-empty device fields', () => {
    storage.setUserInfoDevice({ kjtToken: '', deviceId: 'dev-1', deviceType: 'H5' });
    expect(storage.getUserInfoDevice()).toEqual({ deviceId: 'dev-1', deviceType: 'H5' });
  });
  it('stores LANG in session storage in lower case, and in local storage for other tabs; logout keeps it', () => {
    storage.setLanguage('en');
    expect(sessionStorage.getItem('LANG')).toBe('en');
    expect(localStorage.getItem('LANG')).toBe('en');
    // a new tab has no session storage of its own yet: the last choice made in this browser
    sessionStorage.clear();
    expect(storage.getLanguage()).toBe('en');
    // this tab's own choice comes first
    sessionStorage.setItem('LANG', 'zh');
    expect(storage.getLanguage()).toBe('zh');
    storage.setLanguage('en');
    storage.setUserInfo({ h5Token: 't' });
    storage.setKeypadKeys({ mapArr: '[1,2]', randKey: 'r', rsaPublicKey: 'k' });
    storage.clearUserItems();
    expect(storage.getUserInfo()).toBeNull();
    expect(storage.getKeypadKeys()).toEqual({ mapArr: undefined, randKey: undefined, rsaPublicKey: undefined });
    expect(storage.getLanguage()).toBe('en');
  });
  it('reads a corrupted item as absent', () => {
    localStorage.setItem('UserInfo', '{broken');
    expect(storage.getUserInfo()).toBeNull();
  });
});
