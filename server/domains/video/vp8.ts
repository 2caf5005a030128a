import { DEFAULT_TOKEN_PROBS, TOKEN_UPDATE_PROBS, tokenRow } from './vp8Tables.ts';

/**
 * A small VP8 key-frame encoder (RFC 6386), enough for the help videos' slides, written so that the
 * server makes its seed videos itself, with nothing to install or download.
 *
 * What it codes: every macroblock predicts DC (`DC_PRED`, luma and chroma) and sends only the DC of
 * each 4×4 block (luma through the second-order Y2 block, chroma directly), at quantizer index 0,
 * with the loop filter off. Each 4×4 block of luma (8×8 pixels of colour) is therefore flat: the
 * pictures are drawn on a 4-pixel grid (slides.ts) and come out exact to a level or two. The encoder
 * reconstructs each block as a decoder will, so the next block's prediction is the decoder's.
 */

export interface YuvImage {
  width: number;
  height: number;
  /** Luma, `width × height`, row by row. */
  y: Uint8Array;
  /** Chroma, `width/2 × height/2` each (4:2:0). */
  u: Uint8Array;
  v: Uint8Array;
}

// ---------------------------------------------------------------------------------------------
// The boolean entropy encoder (RFC 6386 §7.3)

class BoolEncoder {
  private bytes: number[] = [];
  private range = 255;
  private bottom = 0; // kept as an unsigned 32-bit number
  private bitCount = 24;

  write(probability: number, bit: boolean | number): void {
    const split = 1 + (((this.range - 1) * probability) >> 8);
    if (bit) {
      this.bottom += split;
      if (this.bottom >= 2 ** 32) {
        this.carry(); // past the 32 bits held: into the bytes already written
        this.bottom -= 2 ** 32;
      }
      this.range -= split;
    } else {
      this.range = split;
    }
    while (this.range < 128) {
      this.range <<= 1;
      if (this.bottom & 0x80000000) this.carry();
      this.bottom = (this.bottom << 1) >>> 0;
      if (--this.bitCount === 0) {
        this.bytes.push(this.bottom >>> 24);
        this.bottom &= 0xffffff;
        this.bitCount = 8;
      }
    }
  }

  /** An `n`-bit unsigned literal, most significant bit first, each bit even odds. */
  literal(value: number, n: number): void {
    for (let bit = n - 1; bit >= 0; bit--) this.write(128, (value >> bit) & 1);
  }

  private carry(): void {
    let i = this.bytes.length - 1;
    while (i >= 0 && this.bytes[i] === 255) this.bytes[i--] = 0;
    if (i >= 0) this.bytes[i]!++;
  }

  finish(): Uint8Array {
    let c = this.bitCount;
    let v = this.bottom;
    if (v & (1 << (32 - c))) this.carry();
    v = (v * 2 ** (c & 7)) % 2 ** 32;
    c >>= 3;
    while (--c >= 0) v = (v * 256) % 2 ** 32;
    for (let i = 0; i < 4; i++) {
      this.bytes.push(Math.floor(v / 2 ** 24) & 0xff);
      v = (v * 256) % 2 ** 32;
    }
    return Uint8Array.from(this.bytes);
  }
}

// ---------------------------------------------------------------------------------------------
// Tokens (RFC 6386 §13)

const BANDS = [0, 1, 2, 3, 6, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7];
const ZIGZAG = [0, 1, 4, 8, 5, 2, 3, 6, 9, 12, 13, 10, 7, 11, 14, 15];
/** DCT_VAL_CATEGORY1…6: smallest value, and the probabilities of its extra bits. */
const CATEGORIES: ReadonlyArray<readonly [number, readonly number[]]> = [
  [5, [159]], [7, [165, 145]], [11, [173, 148, 140]], [19, [176, 155, 140, 135]], [35, [180, 157, 141, 134, 130]],
  [67, [254, 254, 243, 230, 196, 177, 153, 140, 133, 130, 129]],
];
const MAX_COEFFICIENT = 67 + 2047;
const BLOCK_Y_AFTER_Y2 = 0;
const BLOCK_Y2 = 1;
const BLOCK_CHROMA = 2;

/** Writes one block's coefficients (raster order, null: all zero) from `first`; answers whether any was non-zero. */
function writeBlock(encoder: BoolEncoder, type: number, first: number, raster: ArrayLike<number> | null, context: number): boolean {
  if (raster === null) {
    encoder.write(tokenRow(DEFAULT_TOKEN_PROBS, type, BANDS[first]!, context)[0]!, 0); // nothing: end of block at once
    return false;
  }
  const coefficients = ZIGZAG.map((index) => raster[index]!);
  let last = -1;
  for (let i = first; i < 16; i++) if (coefficients[i] !== 0) last = i;
  let afterZero = false;
  for (let i = first; i < 16; i++) {
    const p = tokenRow(DEFAULT_TOKEN_PROBS, type, BANDS[i]!, context);
    if (i > last) {
      encoder.write(p[0]!, 0); // end of block (never right after a zero: zeros are sent only before a non-zero)
      break;
    }
    if (!afterZero) encoder.write(p[0]!, 1);
    const value = coefficients[i]!;
    const size = Math.abs(value);
    if (size === 0) {
      encoder.write(p[1]!, 0);
      context = 0;
      afterZero = true;
      continue;
    }
    encoder.write(p[1]!, 1);
    writeSize(encoder, p, size);
    encoder.write(128, value < 0);
    context = size === 1 ? 1 : 2;
    afterZero = false;
  }
  return last >= first;
}

function writeSize(encoder: BoolEncoder, p: readonly number[], size: number): void {
  if (size === 1) return encoder.write(p[2]!, 0);
  encoder.write(p[2]!, 1);
  if (size <= 4) {
    encoder.write(p[3]!, 0);
    if (size === 2) return encoder.write(p[4]!, 0);
    encoder.write(p[4]!, 1);
    return encoder.write(p[5]!, size === 4);
  }
  encoder.write(p[3]!, 1);
  const category = CATEGORIES.findLastIndex(([smallest]) => size >= smallest);
  if (category <= 1) {
    encoder.write(p[6]!, 0);
    encoder.write(p[7]!, category === 1);
  } else {
    encoder.write(p[6]!, 1);
    encoder.write(p[8]!, category >= 4);
    encoder.write(category >= 4 ? p[10]! : p[9]!, category === 3 || category === 5);
  }
  const [smallest, probabilities] = CATEGORIES[category]!;
  const extra = size - smallest;
  probabilities.forEach((probability, i) => encoder.write(probability, (extra >> (probabilities.length - 1 - i)) & 1));
}

// ---------------------------------------------------------------------------------------------
// Prediction, the transforms a decoder applies, and the frame

/** Quantizer index 0: every step of Y2 is 8 (its AC step 6 is raised to 8); chroma DC is 4. */
const Y2_STEP = 8;
const UV_DC_STEP = 4;

const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : value);

/** A padded plane the encoder reconstructs into, as the decoder will. */
interface Plane {
  data: Uint8Array;
  stride: number;
}

/** DC prediction of a `size`-square block at (x, y): the mean of the row above and the column left, those that exist. */
function predictDc(plane: Plane, x: number, y: number, size: number): number {
  if (x === 0 && y === 0) return 128;
  let sum = 0;
  if (y > 0) for (let i = 0; i < size; i++) sum += plane.data[(y - 1) * plane.stride + x + i]!;
  if (x > 0) for (let i = 0; i < size; i++) sum += plane.data[(y + i) * plane.stride + x - 1]!;
  const shift = Math.log2(size) - 1 + (x > 0 ? 1 : 0) + (y > 0 ? 1 : 0);
  return (sum + (1 << (shift - 1))) >> shift;
}

function fill(plane: Plane, x: number, y: number, size: number, value: number): void {
  for (let row = 0; row < size; row++) plane.data.fill(value, (y + row) * plane.stride + x, (y + row) * plane.stride + x + size);
}

/** The inverse Walsh–Hadamard transform of the Y2 block (RFC 6386 §14.3): the DCs of the 16 luma blocks. */
function inverseWalsh(input: ArrayLike<number>): number[] {
  const t = new Array<number>(16);
  for (let i = 0; i < 4; i++) {
    const a1 = input[i]! + input[12 + i]!, b1 = input[4 + i]! + input[8 + i]!;
    const c1 = input[4 + i]! - input[8 + i]!, d1 = input[i]! - input[12 + i]!;
    t[i] = a1 + b1; t[4 + i] = c1 + d1; t[8 + i] = a1 - b1; t[12 + i] = d1 - c1;
  }
  const out = new Array<number>(16);
  for (let r = 0; r < 4; r++) {
    const o = 4 * r;
    const a1 = t[o]! + t[o + 3]!, b1 = t[o + 1]! + t[o + 2]!, c1 = t[o + 1]! - t[o + 2]!, d1 = t[o]! - t[o + 3]!;
    out[o] = (a1 + b1 + 3) >> 3; out[o + 1] = (c1 + d1 + 3) >> 3; out[o + 2] = (a1 - b1 + 3) >> 3; out[o + 3] = (d1 - c1 + 3) >> 3;
  }
  return out;
}

const H = [[1, 1, 1, 1], [1, 1, -1, -1], [1, -1, -1, 1], [1, -1, 1, -1]];
/** Y2 levels whose inverse makes (about) the wanted 16 DCs: Hᵀ·D·H / 2, in steps of 8. */
function forwardWalsh(dcs: number[]): number[] {
  const levels = new Array<number>(16);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) sum += H[i]![r]! * dcs[i * 4 + j]! * H[j]![c]!;
      levels[r * 4 + c] = Math.max(-MAX_COEFFICIENT, Math.min(MAX_COEFFICIENT, Math.round(sum / 2 / Y2_STEP)));
    }
  }
  return levels;
}

/** The mean of a block of the source plane (clamped to its edges: the padding repeats the last row and column). */
function sourceMean(source: Uint8Array, width: number, height: number, x: number, y: number, size: number): number {
  let sum = 0;
  for (let row = 0; row < size; row++) {
    const offset = Math.min(y + row, height - 1) * width;
    for (let col = 0; col < size; col++) sum += source[offset + (x + col < width ? x + col : width - 1)]!;
  }
  return sum / (size * size);
}

/** One VP8 key frame of `image`, as a WebM block carries it. */
export function encodeKeyFrame(image: YuvImage): Uint8Array {
  const { width, height } = image;
  const mbCols = Math.ceil(width / 16);
  const mbRows = Math.ceil(height / 16);
  const luma: Plane = { data: new Uint8Array(mbCols * 16 * mbRows * 16), stride: mbCols * 16 };
  const chroma: Plane[] = [0, 1].map(() => ({ data: new Uint8Array(mbCols * 8 * mbRows * 8), stride: mbCols * 8 }));
  const chromaSources = [image.u, image.v];
  const cw = width / 2, ch = height / 2;

  const header = new BoolEncoder();
  header.literal(0, 1); // colour space: BT.601
  header.literal(0, 1); // clamping required
  header.literal(0, 1); // no segmentation
  header.literal(0, 1); // normal loop filter…
  header.literal(0, 6); // …at level 0: off
  header.literal(0, 3); // sharpness
  header.literal(0, 1); // no loop-filter adjustments
  header.literal(0, 2); // one token partition
  header.literal(0, 7); // quantizer index 0
  for (let i = 0; i < 5; i++) header.literal(0, 1); // no quantizer deltas
  header.literal(0, 1); // refresh_entropy_probs: irrelevant for a stream of key frames
  for (const row of TOKEN_UPDATE_PROBS) for (const probability of row) header.write(probability, 0); // default token probabilities
  header.literal(0, 1); // no per-macroblock skip flag: every macroblock sends its tokens

  const tokens = new BoolEncoder();
  const above = { y: new Array<number>(mbCols * 4).fill(0), u: new Array<number>(mbCols * 2).fill(0), v: new Array<number>(mbCols * 2).fill(0), y2: new Array<number>(mbCols).fill(0) };
  for (let mby = 0; mby < mbRows; mby++) {
    const left = { y: [0, 0, 0, 0], u: [0, 0], v: [0, 0], y2: [0] };
    for (let mbx = 0; mbx < mbCols; mbx++) {
      // modes: DC_PRED for luma ("100" in kf_ymode_tree) and for chroma ("0")
      header.write(145, 1); header.write(156, 0); header.write(163, 0);
      header.write(142, 0);

      const x = mbx * 16, y = mby * 16;
      const prediction = predictDc(luma, x, y, 16);
      const wanted = Array.from({ length: 16 }, (_, b) => 8 * (sourceMean(image.y, width, height, x + (b % 4) * 4, y + (b >> 2) * 4, 4) - prediction));
      const levels = forwardWalsh(wanted);
      const dcs = inverseWalsh(levels.map((level) => level * Y2_STEP));
      dcs.forEach((dc, b) => fill(luma, x + (b % 4) * 4, y + (b >> 2) * 4, 4, clamp(prediction + ((dc + 4) >> 3))));
      const y2Context = above.y2[mbx]! + left.y2[0]!;
      above.y2[mbx] = left.y2[0] = writeBlock(tokens, BLOCK_Y2, 0, levels.some((level) => level !== 0) ? levels : null, y2Context) ? 1 : 0;
      for (let b = 0; b < 16; b++) {
        const column = mbx * 4 + (b % 4), row = b >> 2;
        // only the DC, which Y2 carries: each luma block ends at once
        above.y[column] = left.y[row] = writeBlock(tokens, BLOCK_Y_AFTER_Y2, 1, null, above.y[column]! + left.y[row]!) ? 1 : 0;
      }
      for (const [plane, name] of [[0, 'u'], [1, 'v']] as const) {
        const target = chroma[plane]!;
        const cx = mbx * 8, cy = mby * 8;
        const chromaPrediction = predictDc(target, cx, cy, 8);
        for (let b = 0; b < 4; b++) {
          const bx = cx + (b % 2) * 4, by = cy + (b >> 1) * 4;
          const residual = sourceMean(chromaSources[plane]!, cw, ch, bx, by, 4) - chromaPrediction;
          const level = Math.max(-MAX_COEFFICIENT, Math.min(MAX_COEFFICIENT, Math.round((8 * residual) / UV_DC_STEP)));
          fill(target, bx, by, 4, clamp(chromaPrediction + ((level * UV_DC_STEP + 4) >> 3)));
          const column = mbx * 2 + (b % 2), row = b >> 1;
          const raster = level === 0 ? null : [level, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
          above[name][column] = left[name][row] = writeBlock(tokens, BLOCK_CHROMA, 0, raster, above[name][column]! + left[name][row]!) ? 1 : 0;
        }
      }
    }
  }

  const first = header.finish();
  const rest = tokens.finish();
  const frame = new Uint8Array(10 + first.length + rest.length);
  const tag = (first.length << 5) | (1 << 4); // key frame, version 0, shown, first partition's size
  frame.set([tag & 0xff, (tag >> 8) & 0xff, (tag >> 16) & 0xff, 0x9d, 0x01, 0x2a, width & 0xff, width >> 8, height & 0xff, height >> 8], 0);
  frame.set(first, 10);
  frame.set(rest, 10 + first.length);
  return frame;
}

/** RGB (0–255) to BT.601 studio-range Y′CbCr, as browsers read VP8's colour space 0. */
export function rgbToYuv(r: number, g: number, b: number): [number, number, number] {
  return [
    clamp(Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255)),
    clamp(Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255)),
    clamp(Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255)),
  ];
}
