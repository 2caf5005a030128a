/**
 * The wallet's mark, as the placards and stickers print it: a rounded square in the brand green
 * with a white "K" cut from straight strokes, drawn from these paths (a 100 × 100 box, y down) by
 * the store code's download (screens/codeBinding/downloadCode.ts, SVG) and the sticker sheet
 * (server/domains/stickers/sheet.ts, PDF), so both print the same mark without a font or an image.
 */
export const BRAND_GREEN = '#0b6e4f';
/** The green as pdf-lib's rgb() takes it (0–1). */
export const BRAND_GREEN_RGB = [0x0b / 255, 0x6e / 255, 0x4f / 255] as const;
export const WALLET_NAME = 'Kwanza Wallet';

export const WALLET_MARK = {
  size: 100,
  square: 'M22 0H78A22 22 0 0 1 100 22V78A22 22 0 0 1 78 100H22A22 22 0 0 1 0 78V22A22 22 0 0 1 22 0Z',
  letter: 'M27 18H42V45L64 18H82L58 47L84 82H66L48 58L42 65V82H27Z',
} as const;
