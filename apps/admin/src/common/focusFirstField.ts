/** The fields a dialog can start on: enabled, visible to assistive technology and reachable by Tab (MUI's
 * Select keeps a hidden native input, a multiline field a hidden mirror textarea: both are left out). */
const FIELD = [
  'input:not([type="hidden"]):not([disabled]):not([readonly]):not([tabindex="-1"]):not([aria-hidden="true"])',
  'textarea:not([disabled]):not([readonly]):not([tabindex="-1"]):not([aria-hidden="true"])',
  '[role="combobox"]:not([aria-disabled="true"]):not([tabindex="-1"])',
].join(', ');

/** A ref callback for a dialog's content: focuses its first field as the dialog opens (the dialog's focus trap
 * then keeps it there instead of focusing the dialog itself). Module-level, so React calls it once per mount. */
export function focusFirstField(container: HTMLElement | null): void {
  container?.querySelector<HTMLElement>(FIELD)?.focus();
}
