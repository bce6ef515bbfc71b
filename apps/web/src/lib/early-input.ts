/**
 * What a visitor did to a prerendered form before the app had hydrated it (decision 043): the
 * boot script (prerender.tsx) opens the form at the first paint, so text may be typed, a box
 * ticked, an option chosen, and a submit pressed while the page is still plain HTML.
 *
 * React keeps the values it finds in the DOM when it hydrates a field, but it does not tell the
 * component: the page's state still holds what the HTML was rendered with (empty fields), and the
 * next render of a controlled field would put that back. {@link adoptEarlyInput} hands each
 * changed field to its owner through the field's own `onChange`, as if the visitor had just typed
 * it, and then sends a held submit.
 */

/** The DOM's own `value` setter of a field's class, which React's change tracking does not see. */
const nativeValueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;

/** True when the field differs from what the HTML was rendered with. */
function changed(field: Element): boolean {
  if (field instanceof HTMLInputElement) {
    if (field.type === 'checkbox' || field.type === 'radio')
      return field.checked !== field.defaultChecked;
    return field.value !== field.defaultValue;
  }
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return false;
}

/**
 * Hands the fields of `scope` changed before hydration to React, in document order, then sends
 * the form if the boot script held its submit (`data-early-submit` on the form).
 *
 * - Text: React records a field's value through the element's own `value` setter (its change
 *   tracker). The field is set back to its rendered value through that setter, then to the typed
 *   text through the DOM's setter, and an `input` event makes React see a change: the field's
 *   `onChange` runs with the typed text.
 * - A checkbox or radio button: set back the same way, then clicked (the native toggle and
 *   events React listens to).
 * - A select: React reads it on `change` (no tracker), so a `change` event is enough.
 *
 * The held submit goes through `requestSubmit()` on the next task, once React has rendered the
 * state the `onChange`s set (they are flushed in a microtask), so the page's submit handler sees
 * the typed values; it runs the form's own validation and request.
 *
 * @param scope The hydrated form's fieldset (components/HydrationGate.tsx).
 */
export function adoptEarlyInput(scope: HTMLFieldSetElement): void {
  for (const field of scope.querySelectorAll('input, textarea, select')) {
    if (!changed(field)) continue;
    if (field instanceof HTMLSelectElement) {
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (
      field instanceof HTMLInputElement &&
      (field.type === 'checkbox' || field.type === 'radio')
    ) {
      field.checked = field.defaultChecked;
      field.click();
    } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      const typed = field.value;
      field.value = field.defaultValue;
      nativeValueSetter(field)?.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  const form = scope.form ?? scope.closest('form');
  if (form?.hasAttribute('data-early-submit')) {
    form.removeAttribute('data-early-submit');
    setTimeout(() => form.requestSubmit(), 0);
  }
}
