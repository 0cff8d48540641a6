/** A short two-tone chime for a new ticket, made with WebAudio (no sound file to ship). */
let context: AudioContext | null = null;

export function beep(): void {
  try {
    context ??= new AudioContext();
    const audio = context;
    // A page gets sound only after a tap; picking the station is one, so a suspended context resumes.
    if (audio.state === "suspended") void audio.resume();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.16, 1175],
    ] as const) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.14);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.15);
    }
  } catch {
    // No audio device (or no WebAudio): the card still appears.
  }
}
