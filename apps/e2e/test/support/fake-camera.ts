import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** Pixels per QR module, and the quiet zone in modules (the standard's 4). */
const MODULE_PX = 10;
const QUIET = 4;
/** A few frames are enough: Chromium loops the file. */
const FRAMES = 3;

/** Chromium's fake camera fed a Y4M file that shows a QR code (or nothing), for the door screen's scanner
 * (docs: shared notes on camera tests). One file per browser: Chromium reads it again each time a page starts the
 * camera, so `show()` before the camera is (re)started changes what the next capture sees. The file lives in a
 * temporary folder, never in the repository. */
export class FakeCamera {
  private readonly dir = mkdtempSync(join(tmpdir(), 'evreg-camara-'));
  readonly file = join(this.dir, 'camara.y4m');

  constructor() {
    this.show(null);
  }

  /** The browser's flags: the fake device, the file, and no permission prompt. */
  get browserArgs(): string[] {
    return [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${this.file}`,
    ];
  }

  /** From the next camera start on, the camera shows this text as a QR code (null: an empty grey frame). */
  show(text: string | null): void {
    this.play([{ text, frames: FRAMES }]);
  }

  /** From the next camera start on, the camera plays these scenes in a loop (15 frames a second), as a ticket
   * shown, taken away and shown again while the camera stays on. */
  play(scenes: { text: string | null; frames: number }[]): void {
    const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F15:1 Ip A1:1 C420jpeg\n`);
    const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
    const frames = scenes.flatMap(({ text, frames }) => {
      const luma = Buffer.alloc(WIDTH * HEIGHT, 200);
      if (text !== null) drawQr(luma, text);
      const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
      return Array.from({ length: frames }, () => frame);
    });
    writeFileSync(this.file, Buffer.concat([header, ...frames]));
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The QR's modules into the Y plane, centred: dark 16, light 235 (video range), with the quiet zone. */
function drawQr(luma: Buffer, text: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 2 * QUIET) * MODULE_PX;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / MODULE_PX) - QUIET;
      const my = Math.floor(y / MODULE_PX) - QUIET;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && !!modules.get(my, mx);
      luma[(top + y) * WIDTH + left + x] = dark ? 16 : 235;
    }
}
