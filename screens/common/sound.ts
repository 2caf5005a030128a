import { useSyncExternalStore } from 'react';

/**
 * The till's sounds, made on the phone (no audio file to fetch): a short two-note chime when a
 * payment is in, drawn with the Web Audio API, and the browser's permission to make any sound.
 * Browsers let a page sound or speak only after the person has touched it once (autoplay rules):
 * `unlockSound` listens for that first touch, wakes the audio context and speech synthesis in it,
 * and `useSoundAllowed` says whether it happened (the live alerts say "touch the screen" until then).
 */

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined') return null;
  const Class = window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Class) return null;
  try {
    context ??= new Class();
  } catch {
    return null;
  }
  return context;
}

/** A5 then E6, each a sine that rises in 10 ms and fades over 0.4 s: bright, short, heard over a counter's noise. */
const CHIME = [
  { frequency: 880, at: 0 },
  { frequency: 1318.5, at: 0.14 },
];

/** The paid chime (and a short buzz where the phone vibrates); silent where the browser has no Web Audio or no permission yet. */
export function playPaidChime(): void {
  const audio = audioContext();
  if (audio) {
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
    const start = audio.currentTime + 0.02;
    for (const note of CHIME) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = note.frequency;
      gain.gain.setValueAtTime(0.0001, start + note.at);
      gain.gain.exponentialRampToValueAtTime(0.6, start + note.at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + 0.45);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + note.at);
      oscillator.stop(start + note.at + 0.5);
    }
  }
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate([90, 60, 90]);
    } catch {
      // not allowed yet: the chime and the screen say it
    }
  }
}

let allowed = typeof navigator !== 'undefined' && (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive === true;
const listeners = new Set<() => void>();
let listening = false;

/** The first touch or key: the audio context woken and speech synthesis started inside it (iOS needs both there). */
function firstTouch() {
  const audio = audioContext();
  if (audio?.state === 'suspended') void audio.resume().catch(() => {});
  if (typeof window !== 'undefined' && window.speechSynthesis && typeof SpeechSynthesisUtterance !== 'undefined') {
    try {
      const silent = new SpeechSynthesisUtterance('');
      silent.volume = 0;
      window.speechSynthesis.speak(silent);
    } catch {
      // no speech here: the chime still plays
    }
  }
  allowed = true;
  stopListening();
  for (const listener of listeners) listener();
}

function stopListening() {
  if (!listening) return;
  listening = false;
  document.removeEventListener('pointerdown', firstTouch, true);
  document.removeEventListener('keydown', firstTouch, true);
}

/** Waits for the person's first touch (once per page); harmless to call again. */
export function unlockSound(): void {
  if (allowed || listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('pointerdown', firstTouch, true);
  document.addEventListener('keydown', firstTouch, true);
}

/** Whether this page may sound and speak yet (the person has touched it); re-renders when it becomes so. */
export function useSoundAllowed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      unlockSound();
      return () => listeners.delete(listener);
    },
    () => allowed,
    () => false,
  );
}
