/**
 * A WebM file (Matroska's EBML: an element is its id, its size as a variable-length integer, its
 * payload) of one VP8 video track of key frames, with its duration and a cue for every frame, so a
 * player seeks without reading the whole file and can fetch just the range it needs.
 */

export interface WebmFrame {
  /** When the frame shows, in milliseconds. */
  timeMs: number;
  /** A VP8 key frame (vp8.ts). */
  data: Uint8Array;
}

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** A size as EBML writes it: the shortest length whose value is not all ones (that means "unknown"). */
function size(value: number): Uint8Array {
  for (let length = 1; length <= 8; length++) {
    if (value < 2 ** (7 * length) - 1) {
      const bytes = new Uint8Array(length);
      let rest = value;
      for (let i = length - 1; i >= 0; i--) {
        bytes[i] = rest % 256;
        rest = Math.floor(rest / 256);
      }
      bytes[0]! |= 0x80 >> (length - 1);
      return bytes;
    }
  }
  throw new Error('element too large');
}

const element = (id: number[], ...payload: Uint8Array[]): Uint8Array => {
  const body = concat(payload);
  return concat([Uint8Array.from(id), size(body.length), body]);
};

/** An unsigned integer payload in `width` bytes (the shortest when not given). */
function uint(value: number, width?: number): Uint8Array {
  const bytes: number[] = [];
  let rest = value;
  do {
    bytes.unshift(rest % 256);
    rest = Math.floor(rest / 256);
  } while (rest > 0);
  while (width !== undefined && bytes.length < width) bytes.unshift(0);
  return Uint8Array.from(bytes);
}
const text = (value: string) => new TextEncoder().encode(value);
const float64 = (value: number) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return bytes;
};

const ID = {
  ebml: [0x1a, 0x45, 0xdf, 0xa3], segment: [0x18, 0x53, 0x80, 0x67], seekHead: [0x11, 0x4d, 0x9b, 0x74], seek: [0x4d, 0xbb],
  seekId: [0x53, 0xab], seekPosition: [0x53, 0xac], info: [0x15, 0x49, 0xa9, 0x66], timecodeScale: [0x2a, 0xd7, 0xb1],
  duration: [0x44, 0x89], muxingApp: [0x4d, 0x80], writingApp: [0x57, 0x41], tracks: [0x16, 0x54, 0xae, 0x6b], trackEntry: [0xae],
  trackNumber: [0xd7], trackUid: [0x73, 0xc5], trackType: [0x83], flagLacing: [0x9c], codecId: [0x86], video: [0xe0],
  pixelWidth: [0xb0], pixelHeight: [0xba], cluster: [0x1f, 0x43, 0xb6, 0x75], timecode: [0xe7], simpleBlock: [0xa3],
  cues: [0x1c, 0x53, 0xbb, 0x6b], cuePoint: [0xbb], cueTime: [0xb3], cueTrackPositions: [0xb7], cueTrack: [0xf7], cueClusterPosition: [0xf1],
};

/** The WebM file of `frames` (one per cluster), `durationMs` long, `width × height`. */
export function writeWebm({ width, height, durationMs, frames }: { width: number; height: number; durationMs: number; frames: WebmFrame[] }): Uint8Array {
  const header = element(ID.ebml,
    element([0x42, 0x86], uint(1)), element([0x42, 0xf7], uint(1)), element([0x42, 0xf2], uint(4)), element([0x42, 0xf3], uint(8)),
    element([0x42, 0x82], text('webm')), element([0x42, 0x87], uint(2)), element([0x42, 0x85], uint(2)));
  const info = element(ID.info, element(ID.timecodeScale, uint(1_000_000)), element(ID.duration, float64(durationMs)),
    element(ID.muxingApp, text('kwanza-wallet')), element(ID.writingApp, text('kwanza-wallet')));
  const tracks = element(ID.tracks, element(ID.trackEntry,
    element(ID.trackNumber, uint(1)), element(ID.trackUid, uint(1)), element(ID.trackType, uint(1)), element(ID.flagLacing, uint(0)),
    element(ID.codecId, text('V_VP8')), element(ID.video, element(ID.pixelWidth, uint(width)), element(ID.pixelHeight, uint(height)))));
  // a cluster a frame: its time, and the frame as a key-frame block of track 1 at offset 0 from it
  const clusters = frames.map((frame) => element(ID.cluster, element(ID.timecode, uint(frame.timeMs)),
    element(ID.simpleBlock, Uint8Array.from([0x81, 0x00, 0x00, 0x80]), frame.data)));

  // positions are counted from the start of the segment's payload; 8-byte positions keep every size fixed
  const seekHeadOf = (positions: { info: number; tracks: number; cues: number }) => element(ID.seekHead,
    ...([[ID.info, positions.info], [ID.tracks, positions.tracks], [ID.cues, positions.cues]] as const).map(([id, at]) =>
      element(ID.seek, element(ID.seekId, Uint8Array.from(id)), element(ID.seekPosition, uint(at, 8)))));
  const seekHeadLength = seekHeadOf({ info: 0, tracks: 0, cues: 0 }).length;
  const firstCluster = seekHeadLength + info.length + tracks.length;
  const clusterPositions = clusters.map((_, i) => firstCluster + clusters.slice(0, i).reduce((sum, c) => sum + c.length, 0));
  const cues = element(ID.cues, ...frames.map((frame, i) => element(ID.cuePoint, element(ID.cueTime, uint(frame.timeMs)),
    element(ID.cueTrackPositions, element(ID.cueTrack, uint(1)), element(ID.cueClusterPosition, uint(clusterPositions[i]!, 8))))));
  const cuesPosition = firstCluster + clusters.reduce((sum, c) => sum + c.length, 0);
  const seekHead = seekHeadOf({ info: seekHeadLength, tracks: seekHeadLength + info.length, cues: cuesPosition });
  return concat([header, element(ID.segment, seekHead, info, tracks, ...clusters, cues)]);
}
