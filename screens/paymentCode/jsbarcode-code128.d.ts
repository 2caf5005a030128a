/** jsbarcode's Code 128 encoder alone (the package ships CommonJS without types for its parts). */
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  export class CODE128 {
    constructor(data: string, options: object);
    valid(): boolean;
    /** `data`: one character per module, '1' a bar, '0' a space. */
    encode(): { data: string; text: string };
  }
}
