import { useEffect } from 'react';

/** react-admin's DataTable puts each selection checkbox's label (`aria-label`) on the MUI Checkbox's outer <span>
 * instead of its <input>: a screen reader then hears an unlabelled checkbox, and axe reports both
 * (aria-prohibited-attr, label). This moves the label onto the input for every selection checkbox inside the
 * element with `id`, now and as rows are drawn. */
export function useLabelledRowCheckboxes(id: string): void {
  useEffect(() => {
    const root = document.getElementById(id);
    if (!root) return;
    const fix = () => {
      root.querySelectorAll<HTMLElement>('.RaDataTable-checkbox[aria-label]').forEach((span) => {
        const input = span.querySelector('input');
        if (!input) return;
        input.setAttribute('aria-label', span.getAttribute('aria-label')!);
        span.removeAttribute('aria-label');
      });
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [id]);
}
