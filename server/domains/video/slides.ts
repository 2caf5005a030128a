import { rgbToYuv, type YuvImage } from './vp8.ts';

/**
 * The help videos' pictures, language-neutral (the words are the captions'): a slide per step, drawn
 * on a grid of 80 × 45 cells — the step's number, its picture, the steps as dots at the top and a bar
 * at the bottom that fills while the step lasts. A cell is 8 pixels in the full rendition (640 × 360)
 * and 4 in the light one (320 × 180), so every edge falls on the encoder's 4-pixel grid (vp8.ts).
 */

export const GRID = { columns: 80, rows: 45 } as const;

export type Icon = 'phone' | 'card' | 'amount' | 'qr' | 'check' | 'ticket' | 'gift' | 'shield';

const PALETTE: Record<string, readonly [number, number, number]> = {
  k: [28, 31, 35], // ink
  w: [255, 255, 255],
  g: [11, 110, 79], // the brand's green
  d: [8, 76, 55],
  y: [245, 183, 0],
  r: [200, 48, 40],
  b: [36, 99, 175],
  s: [190, 196, 204], // light grey
};
/** Each step's background, in turn. */
const BACKGROUNDS: ReadonlyArray<readonly [number, number, number]> = [[231, 244, 238], [255, 244, 214], [226, 236, 250], [246, 231, 229]];

/** 16 × 16 pictures, a character a cell: `.` shows the background; the others are PALETTE's. */
const ICONS: Record<Icon, readonly string[]> = {
  phone: ['....kkkkkkkk....', '....kwwwwwwk....', '....kwggggwk....', '....kwggggwk....', '....kwwwwwwk....', '....kwsswswk....', '....kwwwwwwk....', '....kwsswswk....', '....kwwwwwwk....', '....kwggggwk....', '....kwwwwwwk....', '....kwwwwwwk....', '....kwwwwwwk....', '....kkkwwkkk....', '....kkkkkkkk....', '................'],
  card: ['................', '................', '................', 'bbbbbbbbbbbbbbbb', 'bbbbbbbbbbbbbbbb', 'kkkkkkkkkkkkkkkk', 'kkkkkkkkkkkkkkkk', 'bbbbbbbbbbbbbbbb', 'byybbbbbbbbbbbbb', 'byybbbbbbbbbbbbb', 'bbbbbbbbbbbbbbbb', 'bwwbwwbwwbwwbbbb', 'bbbbbbbbbbbbbbbb', 'bbbbbbbbbbbbbbbb', '................', '................'],
  amount: ['................', '......yyyy......', '....yyyyyyyy....', '...yyyyddyyyy...', '..yyyyyddyyyyy..', '..yyyyyddyyyyy..', '.yyydddddddyyyy.', '.yyydddddddyyyy.', '.yyyyyyddyyyyyy.', '..yyyyyddyyyyy..', '..yyyyyddyyyyy..', '...yyyyyyyyyy...', '....yyyyyyyy....', '......yyyy......', '................', '................'],
  qr: ['kkkkkkk.k.kkkkkk', 'kwwwwwk.k.kwwwwk', 'kwkkkwk...kwkkwk', 'kwkkkwk.k.kwkkwk', 'kwwwwwk.k.kwwwwk', 'kkkkkkk.k.kkkkkk', '........k.......', 'kk.kk.kkk.kk.k.k', '..k..k...k..k.k.', 'kkkkkkk.k.k.kk.k', 'kwwwwwk..k..k.k.', 'kwkkkwk.kk.k.kkk', 'kwkkkwk..k.k..k.', 'kwwwwwk.k.kk.k.k', 'kkkkkkk..k..k.kk', '................'],
  check: ['................', '................', '.............gg.', '............ggg.', '...........ggg..', '..........ggg...', '.........ggg....', '.gg.....ggg.....', '.ggg...ggg......', '..ggg.ggg.......', '...ggggg........', '....ggg.........', '.....g..........', '................', '................', '................'],
  ticket: ['................', '................', 'rrrrrrrrrrrrrrrr', 'rwwwwwwwrwwwwwwr', 'rwyyyywwrwwwwwwr', 'rwyyyywwrwkkkkwr', '.wwwwwwwrwwwwww.', '.wwkkkwwrwkkkkw.', '.wwwwwwwrwwwwww.', 'rwwkkkwwrwkkkkwr', 'rwwwwwwwrwwwwwwr', 'rwwwwwwwrwwwwwwr', 'rrrrrrrrrrrrrrrr', '................', '................', '................'],
  gift: ['................', '.....r....r.....', '....r.r..r.r....', '.....rr..rr.....', 'rrrrrrrrrrrrrrrr', 'rrrrrrryyrrrrrrr', 'rrrrrrryyrrrrrrr', '.rrrrrryyrrrrrr.', '.rrrrrryyrrrrrr.', '.yyyyyyyyyyyyyy.', '.yyyyyyyyyyyyyy.', '.rrrrrryyrrrrrr.', '.rrrrrryyrrrrrr.', '.rrrrrryyrrrrrr.', '.rrrrrryyrrrrrr.', '................'],
  shield: ['.......gg.......', '.....gggggg.....', '...gggggggggg...', '.gggggggggggggg.', '.ggggggggggggwg.', '.gggggggggggwgg.', '.gggggggggwwggg.', '.ggwgggggwwgggg.', '.gggwgggwwggggg.', '..gggwgwwgggggg.', '..ggggwwgggggg..', '...gggwgggggg...', '....gggggggg....', '.....gggggg.....', '.......gg.......', '................'],
};

/** 5 × 7 digits for the step's number. */
const DIGITS: Record<string, readonly string[]> = {
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['.###.', '#....', '#....', '####.', '#...#', '#...#', '.###.'],
};

type Rgb = readonly [number, number, number];

/** A picture as cells of colour, drawn and then rendered to the encoder's Y′CbCr at a cell size. */
class Cells {
  readonly cells: Rgb[] = [];
  constructor(background: Rgb) {
    for (let i = 0; i < GRID.columns * GRID.rows; i++) this.cells.push(background);
  }
  rect(x: number, y: number, w: number, h: number, colour: Rgb) {
    for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) this.cells[row * GRID.columns + col] = colour;
  }
  bitmap(rows: readonly string[], x: number, y: number, scale: number, colourOf: (ch: string) => Rgb | null) {
    rows.forEach((line, row) => [...line].forEach((ch, col) => {
      const colour = colourOf(ch);
      if (colour) this.rect(x + col * scale, y + row * scale, scale, scale, colour);
    }));
  }
  render(cellSize: number): YuvImage {
    const width = GRID.columns * cellSize, height = GRID.rows * cellSize;
    const y = new Uint8Array(width * height), u = new Uint8Array((width / 2) * (height / 2)), v = new Uint8Array((width / 2) * (height / 2));
    const yuv = this.cells.map((c) => rgbToYuv(c[0], c[1], c[2]));
    const at = (px: number, py: number) => yuv[Math.floor(py / cellSize) * GRID.columns + Math.floor(px / cellSize)]!;
    for (let py = 0; py < height; py++) for (let px = 0; px < width; px++) y[py * width + px] = at(px, py)[0];
    for (let py = 0; py < height / 2; py++) {
      for (let px = 0; px < width / 2; px++) {
        const four = [at(2 * px, 2 * py), at(2 * px + 1, 2 * py), at(2 * px, 2 * py + 1), at(2 * px + 1, 2 * py + 1)];
        u[py * (width / 2) + px] = Math.round(four.reduce((sum, c) => sum + c[1], 0) / 4);
        v[py * (width / 2) + px] = Math.round(four.reduce((sum, c) => sum + c[2], 0) / 4);
      }
    }
    return { width, height, y, u, v };
  }
  /** The colour of a pixel at a cell size (the poster, a PNG). */
  colourAt(px: number, py: number, cellSize: number): [number, number, number] {
    const [r, g, b] = this.cells[Math.floor(py / cellSize) * GRID.columns + Math.floor(px / cellSize)]!;
    return [r, g, b];
  }
}

/** Step `step` (0-based) of `icons`, with `progress` (0–1) of the step gone. */
export function slide(icons: readonly Icon[], step: number, progress: number): Cells {
  const background = BACKGROUNDS[step % BACKGROUNDS.length]!;
  const cells = new Cells(background);
  // the top strip with a dot a step, the current one filled
  cells.rect(0, 0, GRID.columns, 5, PALETTE.g!);
  icons.forEach((_, i) => cells.rect(4 + i * 5, 1, 3, 3, i <= step ? PALETTE.w! : PALETTE.d!));
  // the step's number in a circle-ish badge, and its picture
  cells.rect(6, 12, 21, 25, PALETTE.g!);
  cells.bitmap(DIGITS[String(step + 1)] ?? DIGITS['1']!, 9, 14, 3, (ch) => (ch === '#' ? PALETTE.w! : null));
  cells.bitmap(ICONS[icons[step]!], 38, 7, 2, (ch) => (ch === '.' ? null : PALETTE[ch] ?? null));
  // the bar at the bottom: how much of this step has gone
  cells.rect(0, 41, GRID.columns, 4, PALETTE.s!);
  cells.rect(0, 41, Math.round(GRID.columns * Math.min(1, Math.max(0, progress))), 4, PALETTE.g!);
  return cells;
}
