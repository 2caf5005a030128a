import { fromPromise } from 'xstate';
import { scannerMachine, type CameraAnswer, type CameraRefusal, type DetectAnswer, type DetectInput, type PhotoInput, type ScanFormat, type TorchAnswer, type TorchInput } from '../../machines/scanner.machine.ts';
import type { ActorsOf } from '../../machines/outcome.ts';

/**
 * The scanner's browser side: the rear camera through getUserMedia, and a barcode detector — the
 * browser's own `BarcodeDetector` where it reads the wanted formats (Android's Chrome), else the
 * `barcode-detector` polyfill (ZXing-C++ in WebAssembly). The polyfill and its .wasm are fetched
 * only when a scanner first needs them, from our own build (`?url`: never a CDN, since phones and
 * this server may reach nothing else).
 */

/** What both detectors do for us (the Barcode Detection API's shape). */
interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

/** Pause between two reads of the picture: about seven a second, light on a phone's battery. */
const SCAN_INTERVAL_MS = 150;
/** Photos from a phone's gallery are scaled to this many pixels on their longer side before reading. */
const PHOTO_MAX_SIDE = 1600;

const refused = <C extends string>(code: C) => ({ ok: false as const, code, message: '', detail: '' });
/** What a stopped call ends with: nothing (see startCamera). */
const never = () => new Promise<never>(() => {});

async function nativeDetector(formats: ScanFormat[]): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    return formats.every((format) => supported.includes(format)) ? new Native({ formats }) : null;
  } catch {
    return null;
  }
}

async function polyfillDetector(formats: ScanFormat[]): Promise<Detector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // the .wasm from our build, fetched and compiled now so that a failure shows at once
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats }) as Detector;
}

const detectors = new Map<string, Promise<Detector>>();
/** A detector for these formats, made once per page; a failed load is tried again next time. */
export function loadDetector(formats: ScanFormat[]): Promise<Detector> {
  const key = formats.toSorted().join(',');
  let detector = detectors.get(key);
  if (!detector) {
    detector = nativeDetector(formats).then((native) => native ?? polyfillDetector(formats));
    detectors.set(key, detector);
    detector.catch(() => detectors.delete(key));
  }
  return detector;
}

const stopStream = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

/** getUserMedia's refusals, as a person would put them. */
function cameraRefusal(error: unknown): CameraRefusal {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' || name === 'AbortError') return 'absent';
  return 'unsupported';
}

/**
 * The rear camera; a stream that arrives after the chart moved on is released at once. A stopped
 * call never settles: a chart restarted from its snapshot (React's strict mode) would take a late
 * answer as its own.
 */
export const startCamera = fromPromise<CameraAnswer>(async ({ signal }) => {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media?.getUserMedia) return refused('unsupported');
  let stream: MediaStream;
  try {
    stream = await media.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (error) {
    return refused(cameraRefusal(error));
  }
  if (signal.aborted) {
    stopStream(stream);
    return never();
  }
  return { ok: true, data: { stream, torch: hasTorch(stream) } };
});

/** The video track's torch, where the browser lets a page use it (Chrome on Android; not iOS Safari, nor a laptop). */
function hasTorch(stream: MediaStream): boolean {
  const track = stream.getVideoTracks()[0];
  const capabilities = track?.getCapabilities?.() as (MediaTrackCapabilities & { torch?: boolean }) | undefined;
  return capabilities?.torch === true;
}

const setTorch = (stream: MediaStream, on: boolean) =>
  stream.getVideoTracks()[0]?.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });

/**
 * The torch, on while the call runs: turned off when the call is stopped (the person turns it off,
 * or the scanning ends; a stream already released takes it off anyway). Refused when it will not
 * turn on.
 */
export const torch = fromPromise<TorchAnswer, TorchInput>(async ({ input, signal }) => {
  const stream = input.stream as unknown as MediaStream;
  try {
    await setTorch(stream, true);
  } catch {
    return refused('unavailable') as TorchAnswer;
  }
  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  await Promise.resolve(setTorch(stream, false)).catch(() => undefined);
  return never();
});

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });

/**
 * Reads the camera's picture until a code is found; the camera is turned off when it ends,
 * found or stopped (the chart left the state, or its parent was stopped).
 */
export const detect = fromPromise<DetectAnswer, DetectInput>(async ({ input, signal }) => {
  const stream = input.stream as unknown as MediaStream;
  const video = document.createElement('video');
  try {
    let detector: Detector;
    try {
      detector = await loadDetector(input.formats);
    } catch {
      return refused('noDetector');
    }
    video.muted = true;
    video.playsInline = true;
    // in the page but unseen: some browsers (iOS Safari) give no frames of a video that is not
    video.setAttribute('aria-hidden', 'true');
    video.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none';
    document.body.append(video);
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    while (!signal.aborted) {
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        const codes = await detector.detect(video).catch(() => []);
        const text = codes.find((code) => code.rawValue)?.rawValue;
        if (text) return { ok: true, data: { text } };
      }
      await pause(SCAN_INTERVAL_MS, signal);
    }
    return never();
  } finally {
    stopStream(stream);
    video.srcObject = null;
    video.remove();
  }
});

/** A photo of the code from the gallery, read by the same detector (scaled down first when large). */
export const decodePhoto = fromPromise<DetectAnswer, PhotoInput>(async ({ input }) => {
  let detector: Detector;
  try {
    detector = await loadDetector(input.formats);
  } catch {
    return refused('noDetector');
  }
  let image: ImageBitmapSource = input.photo;
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(input.photo);
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    image = scale < 1 ? await createImageBitmap(bitmap, { resizeWidth: Math.round(bitmap.width * scale), resizeHeight: Math.round(bitmap.height * scale), resizeQuality: 'high' }) : bitmap;
  }
  const codes = await detector.detect(image);
  const text = codes.find((code) => code.rawValue)?.rawValue;
  return text ? { ok: true, data: { text } } : refused('noCode');
});

/** The scanner chart as the flows that read codes run it, each providing it as its `scanner` child. */
export const scannerActors = { startCamera, detect, decodePhoto, torch } satisfies ActorsOf<typeof scannerMachine>;

export const scannerFlow = scannerMachine.provide({ actors: scannerActors });
