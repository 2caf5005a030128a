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
 * A field typed into before the app took it over: hydration leaves its text as it is, but the
 * screen's chart knows none of it. The text is given to the app as typing is: React is told the
 * field held what it rendered (through the field's `value` setter, which React watches), the typed
 * text is put back past that watch, and an `input` event tells of the change.
 */
function handOverTyped(field: HTMLInputElement | HTMLTextAreaElement) {
  const typed = field.value;
  if (typed === field.defaultValue || field.type === 'checkbox' || field.type === 'radio') return;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
