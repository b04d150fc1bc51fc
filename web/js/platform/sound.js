// Short, quiet clicks made with WebAudio oscillators (no audio files): a card played or discarded,
// a card drawn, a hand's end. Off unless the player turns sound on in Settings.
//
// Sounds start only after the person has used the page (browsers refuse audio before that), and a
// browser without WebAudio simply stays silent. <html data-sounds="N"> counts the sounds made, so
// a test can see that sound is on without hearing it.

/** @typedef {"play"|"draw"|"end"} SoundKind */

/** Each sound: notes of [frequency Hz, start s, length s]; quiet triangle waves. */
const NOTES = {
  play: [[520, 0, 0.07]],
  draw: [[880, 0, 0.045]],
  end: [[660, 0, 0.12], [880, 0.11, 0.18]],
};
const VOLUME = 0.06;

export class Sound {
  constructor() {
    this.enabled = false;
    /** @type {AudioContext|null} */
    this.context = null;
    this.made = 0;
  }

  /** The audio context, made on first use; null when the browser has none or refuses it. */
  open() {
    if (this.context) return this.context;
    const used = navigator.userActivation ? navigator.userActivation.hasBeenActive : true;
    if (!used || typeof AudioContext === "undefined") return null;
    try {
      this.context = new AudioContext();
    } catch {
      return null;
    }
    return this.context;
  }

  /** Make a sound when sound is on, `after` seconds from now. @param {SoundKind} kind @param {number} [after] */
  play(kind, after = 0) {
    if (!this.enabled) return;
    const context = this.open();
    if (!context) return;
    if (context.state === "suspended") context.resume().catch(() => {});
    const now = context.currentTime + 0.01 + after;
    for (const [frequency, start, length] of NOTES[kind]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "triangle";
      oscillator.frequency.value = frequency;
      // A fast rise and an exponential fall: a click, never a beep that lingers.
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(VOLUME, now + start + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
    this.made += 1;
    document.documentElement.dataset.sounds = String(this.made);
  }
}
