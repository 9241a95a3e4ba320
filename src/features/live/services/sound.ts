// The notice sound: two short sine notes made with Web Audio, so no audio file is fetched.

const NOTES_HZ = [660, 880] as const;
const NOTE_SECONDS = 0.09;
const VOLUME = 0.08;

/** Plays the notice tone; false when the browser has no Web Audio (or refuses it). */
export type NoticeTone = () => boolean;

function newAudioContext(): AudioContext | null {
  const Api = globalThis.AudioContext as typeof AudioContext | undefined;
  if (!Api) return null;
  try {
    return new Api();
  } catch {
    return null;
  }
}

/**
 * A tone player with its own audio context, made at the first play and reused after (a browser allows only
 * a few contexts per page): whoever announces notices keeps one player for its life.
 */
export function createNoticeTone(): NoticeTone {
  let audio: AudioContext | null = null;
  return () => {
    audio ??= newAudioContext();
    return audio !== null && playOn(audio);
  };
}

function playOn(audio: AudioContext): boolean {
  try {
    // A context made before any user gesture starts suspended; resuming may be refused, then nothing is heard.
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    NOTES_HZ.forEach((hz, i) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + i * NOTE_SECONDS;
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(hz, at);
      gain.gain.setValueAtTime(VOLUME, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_SECONDS);
      oscillator.connect(gain);
      gain.connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_SECONDS);
    });
    return true;
  } catch (error) {
    console.warn('The notice tone could not be played', error);
    return false;
  }
}
