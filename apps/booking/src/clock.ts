/** The server's clock as seen from this page: the device's clock plus an offset learnt from the server's answers.
 * Counting down on the device's clock alone shows time the server has already ended when the device is slow. */
let offset = 0;
let precise = false;

export const serverNow = () => Date.now() + offset;

/** A hold's serverTime (milliseconds): the offset at receipt. */
export function noteServerTime(iso: string | null | undefined, receivedAt = Date.now()): void {
  const t = Date.parse(iso ?? '');
  if (Number.isNaN(t)) return;
  offset = t - receivedAt;
  precise = true;
}

/** A response's Date header (whole seconds, so its middle): used only until a serverTime has been seen. */
export function noteDateHeader(header: string | null, receivedAt = Date.now()): void {
  const t = Date.parse(header ?? '');
  if (precise || Number.isNaN(t)) return;
  offset = t + 500 - receivedAt;
}
