/** The message the page posts to the page that embeds it in an iframe, so the iframe can be exactly as tall
 * as its content and never scroll (README: "Insertar en la web del evento"). */
export const HEIGHT_MESSAGE = 'evreg:height';

/** Inside an iframe, tells the parent the document's height now and whenever it changes. No-op otherwise. */
export function reportHeightToParent(): void {
  if (window.parent === window) return;
  let last = -1;
  const send = () => {
    // The content's own height (html is height:auto when embedded), not scrollHeight, which never drops below
    // the iframe's current height, so the frame could grow but never shrink.
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    // The height says nothing private, so any embedding origin may have it.
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  // Only the content's height counts: the html element is made to size to its content (styles.css:
  // html.embedded), so its own box is what to observe and measure.
  document.documentElement.classList.add('embedded');
  new ResizeObserver(send).observe(document.documentElement);
  window.addEventListener('load', send);
  send();
}
