/** Keyboard shortcuts of the boards: when a key press is the page's, not a field's or a dialog's. */

const typing = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const interactive = 'a[href], button, input, textarea, select, summary, [role="switch"], [role="button"]';

/** A plain key press (no Ctrl, Alt or Meta) outside any text field, with no dialog or menu open. */
export function isPageShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing)
    return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(typing)) return false;
  if (
    typeof document !== 'undefined' &&
    document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')
  )
    return false;
  return true;
}

/** Enter on a link or a button is theirs, not the selected row's. */
export function isOnControl(event: KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest(interactive) !== null;
}

/** A click inside a control of a row (a link, a button, the status switch) is the control's. */
export function isClickOnControl(target: EventTarget | null, row: Element): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest(`${interactive}, label, [data-row-control]`);
  return control !== null && row.contains(control);
}

/** The index after a j (+1) or k (-1) from the current one; the first row when none is selected. */
export function stepSelection(current: number, count: number, delta: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return delta === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, current + delta));
}
