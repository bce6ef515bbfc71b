/**
 * What a visitor did to a prerendered form before the app had hydrated it (decision 043): the
 * boot script (prerender.tsx) opens the form at the first paint, so text may be typed, a box
 * ticked, an option chosen, and a submit pressed while the page is still plain HTML.
 *
 * React does not tell a component about a value it finds in the DOM when it hydrates a field:
 * the page's state still holds what the HTML was rendered with (empty fields), and the first
 * re-render of a controlled field after hydration puts that back in the DOM (seen with React
 * 19.3: the fields of /login were emptied in the commit that follows hydration). So:
 * - main.tsx calls {@link snapshotEarlyInput} just before hydrating: it notes, per field, what
 *   was typed and what the HTML had;
 * - the hydrated form (components/HydrationGate.tsx) calls {@link adoptEarlyInput}: each noted
 *   field is handed to its owner through the field's own `onChange`, as if it had just been
 *   typed, then a held submit is sent.
 */

/** A field's state: the text of a text field or select, or whether a box is ticked. */
type FieldState = string | boolean;

/** Per field changed before hydration: what the visitor left in it and what the HTML had. */
const early = new WeakMap<Element, { typed: FieldState; rendered: FieldState }>();

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELDS = 'input, textarea, select';

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** What the field holds now. */
function current(field: Field): FieldState {
  return isToggle(field) ? field.checked : field.value;
}

/** What the HTML rendered in the field (its default). */
function rendered(field: Field): FieldState {
  if (isToggle(field)) return field.defaultChecked;
  if (field instanceof HTMLSelectElement)
    return ([...field.options].find((o) => o.defaultSelected) ?? field.options[0])?.value ?? '';
  return field.defaultValue;
}

/**
 * Notes every field of a form under `root` whose value differs from the HTML's, before React
 * hydrates it (main.tsx). Nothing is changed in the page.
 *
 * @param root The prerendered `#root`.
 */
export function snapshotEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<Field>('form input, form textarea, form select')) {
    const typed = current(field);
    const html = rendered(field);
    if (typed !== html) early.set(field, { typed, rendered: html });
  }
}

/** The DOM's own `value` setter of a field's class, which React's change tracking does not see. */
const nativeValueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;

/**
 * Hands the fields of `scope` noted by {@link snapshotEarlyInput} to React, in document order,
 * then sends the form if the boot script held its submit (`data-early-submit` on the form).
 *
 * The value handed over is what the field shows now, unless React has put the HTML's value back
 * (then it is what the visitor had left there): a field the visitor changed again while React
 * hydrated it already told its owner (React hydrates at once for such an event), and handing the
 * same value again changes nothing.
 *
 * - Text: React records a field's value through the element's own `value` setter (its change
 *   tracker). The field is set to the HTML's value through that setter, then to the value handed
 *   over through the DOM's setter, and an `input` event makes React see a change: the field's
 *   `onChange` runs with that value.
 * - A checkbox or radio button: set to the opposite through the tracker's setter, then clicked
 *   (the native toggle and the events React listens to).
 * - A select: React reads it on `change` (no tracker): the value, then a `change` event.
 *
 * The held submit goes through `requestSubmit()` on the next task, once React has rendered the
 * state the `onChange`s set (they are flushed in a microtask), so the page's submit handler sees
 * the values; it runs the form's own validation and request.
 *
 * @param scope The hydrated form's fieldset (components/HydrationGate.tsx).
 */
export function adoptEarlyInput(scope: HTMLFieldSetElement): void {
  for (const field of scope.querySelectorAll<Field>(FIELDS)) {
    const noted = early.get(field);
    if (!noted) continue;
    early.delete(field);
    const now = current(field);
    const value = now === noted.rendered ? noted.typed : now;
    if (isToggle(field)) {
      field.checked = !value;
      field.click();
    } else if (field instanceof HTMLSelectElement) {
      field.value = String(value);
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      field.value = String(noted.rendered);
      nativeValueSetter(field)?.call(field, String(value));
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  const form = scope.form ?? scope.closest('form');
  if (form?.hasAttribute('data-early-submit')) {
    form.removeAttribute('data-early-submit');
    setTimeout(() => form.requestSubmit(), 0);
  }
}
