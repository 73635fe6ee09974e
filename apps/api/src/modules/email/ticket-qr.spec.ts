import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { drawTicketQrPng } from './ticket-qr';

const CODE = '1234-ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('drawTicketQrPng', () => {
  it('draws a PNG that decodes to the code: 1-bit greyscale, 6 px a module, the 4-module quiet zone white', () => {
    const image = PNG.sync.read(drawTicketQrPng(CODE));
    const modules = QRCode.create(CODE, { errorCorrectionLevel: 'M' }).modules.size;
    expect(image.width).toBe((modules + 8) * 6);
    expect(image.height).toBe(image.width);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(CODE);
    // The quiet zone: the first 24 rows and columns are white.
    for (let i = 0; i < 24; i++) {
      expect(image.data[(i * image.width + 100) * 4]).toBe(255);
      expect(image.data[(100 * image.width + i) * 4]).toBe(255);
    }
    // The finder pattern's corner module is dark.
    expect(image.data[(24 * image.width + 24) * 4]).toBe(0);
  });
});
