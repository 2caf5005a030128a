/**
 * The app has taken over a page the server rendered (server/appLoader.ts): called once a screen's
 * markup is the app's — React hydrates each screen's Suspense boundary after the shell, so from
 * inside it (src/lazyScreen.tsx). What was typed into the server's fields reaches the app, then the
 * page is marked live and the loader does again the taps it held meanwhile.
 */
export function takeOverRenderedPage() {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[data-kw-hydrating]')) {
    field.removeAttribute('data-kw-hydrating');
    handOverTyped(field);
  }
  if (document.documentElement.hasAttribute('data-kw-live')) return;
  document.documentElement.setAttribute('data-kw-live', '');
  document.dispatchEvent(new Event('kw-live'));
}

/**
 * A field typed into (or ticked) before the app took it over: hydration leaves it as it is, but the
 * screen's chart knows none of it. It is given to the app as typing is: React is told the field held
 * what it rendered (through the field's own `value` or `checked` setter, which React watches), what
 * the person did is put back past that watch, and the event React listens to for it tells of the
 * change (`input`; `click` for a box, a plain event, which ticks nothing).
 */
function handOverTyped(field: HTMLInputElement | HTMLTextAreaElement) {
  const prototype = Object.getPrototypeOf(field) as object;
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    const ticked = field.checked;
    if (ticked === field.defaultChecked) return;
    field.checked = field.defaultChecked;
    Object.getOwnPropertyDescriptor(prototype, 'checked')?.set?.call(field, ticked);
    field.dispatchEvent(new Event('click', { bubbles: true }));
    return;
  }
  if (field.type === 'file') return; // (its value cannot be set: a file chosen before is chosen again)
  const typed = field.value;
  if (typed === field.defaultValue) return;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
