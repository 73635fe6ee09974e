import { normalizeCode } from './rules';

/** Frames without the last ticket before it counts as taken away (a phone's camera misses a frame now and then). */
export const GONE_AFTER_FRAMES = 5;

/** Which of the camera's frames are a new scan: a ticket held in view is read once; taken away (GONE_AFTER_FRAMES
 * frames without it) and shown again, it is read again, every time, so a phone passed back to a friend gets
 * 'Ya ha entrado'. Taken away while an answer is on screen, it is read once the screen is free. */
export class TicketSightings {
  private last: { code: string; missed: number } | null = null;

  constructor(private readonly goneAfter = GONE_AFTER_FRAMES) {}

  /** One decoded frame (the QR's text, or null: none in view). `free`: no answer on screen and no scan under way.
   * Answers the code to check in now, or null. */
  frame(text: string | null, free: boolean): string | null {
    const code = text ? normalizeCode(text) : '';
    const last = this.last;
    // Seen again before it counted as gone: still the same sighting. Once gone, it stays gone until read again.
    if (last) last.missed = last.code !== code ? last.missed + 1 : last.missed < this.goneAfter ? 0 : last.missed;
    if (!code || !free) return null;
    if (last?.code === code && last.missed < this.goneAfter) return null;
    this.last = { code, missed: 0 };
    return code;
  }

  /** The camera stopped: whatever was in view is gone with it. */
  reset(): void {
    this.last = null;
  }
}
