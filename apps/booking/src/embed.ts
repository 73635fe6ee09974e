/** The message the page posts to the page that embeds it in an iframe, so the iframe can be exactly as tall
 * as its content and never scroll (README: "Insertar en la web del evento"). */
export const HEIGHT_MESSAGE = 'evreg:height';

/** Inside an iframe, tells the parent the document's height now and whenever it changes. No-op otherwise. */
export function reportHeightToParent(): void {
  if (window.parent === window) return;
  let last = -1;
  const send = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    // The height says nothing private, so any embedding origin may have it.
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  // Only the content's height counts: the html element is as tall as the iframe, so observe the body and make
  // the html element size to its content (see styles.css: html.embedded).
  document.documentElement.classList.add('embedded');
  new ResizeObserver(send).observe(document.body);
  window.addEventListener('load', send);
  send();
}
