/**
 * The native shells' bridges. Android exposes `window.KwanzaWalletNative.authorize()` through a
 * JavaScript interface; iOS a `webkit.messageHandlers.authorize` handler.
 */
interface NativeWindow {
  KwanzaWalletNative?: { authorize?: () => void };
  webkit?: { messageHandlers?: { authorize?: { postMessage(message: unknown): void } } };
}

export function nativeAuthorize(win: Window = window): (() => void) | null {
  const w = win as unknown as NativeWindow;
  if (typeof w.KwanzaWalletNative?.authorize === 'function') return () => w.KwanzaWalletNative!.authorize!();
  const ios = w.webkit?.messageHandlers?.authorize;
  if (ios && typeof ios.postMessage === 'function') return () => ios.postMessage({ reason: 'TokenLose' });
  return null;
}
