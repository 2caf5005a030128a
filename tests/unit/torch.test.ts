import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { startCamera, torch } from '../../src/flows/scanner.ts';

/** A camera stream as getUserMedia gives it, with or without a torch its track lets a page use. */
function fakeStream(options: { torch: boolean; applyFails?: boolean }) {
  const applyConstraints = vi.fn(async () => {
    if (options.applyFails) throw new DOMException('no torch', 'OverconstrainedError');
  });
  const track = { getCapabilities: () => (options.torch ? { torch: true } : {}), applyConstraints, stop: vi.fn() };
  return { stream: { id: 'camera-1', getVideoTracks: () => [track], getTracks: () => [track] }, applyConstraints };
}

describe('the scanner’s torch (issue 26 part 8)', () => {
  it('says whether the started camera has a torch', async () => {
    for (const has of [true, false]) {
      const { stream } = fakeStream({ torch: has });
      vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: async () => stream } });
      const answer = await toPromise(createActor(startCamera).start());
      expect(answer).toEqual({ ok: true, data: { stream, torch: has } });
    }
    vi.unstubAllGlobals();
  });

  it('holds the torch on while it runs and turns it off when stopped', async () => {
    const { stream, applyConstraints } = fakeStream({ torch: true });
    const actor = createActor(torch, { input: { stream } }).start();
    await vi.waitFor(() => expect(applyConstraints).toHaveBeenCalledWith({ advanced: [{ torch: true }] }));
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
    await vi.waitFor(() => expect(applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: false }] }));
  });

  it('answers that it could not turn on', async () => {
    const { stream } = fakeStream({ torch: true, applyFails: true });
    expect(await toPromise(createActor(torch, { input: { stream } }).start())).toMatchObject({ ok: false, code: 'unavailable' });
  });
});
