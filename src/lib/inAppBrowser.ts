/**
 * The browsers inside other apps that cannot open this wallet's app by its link (they keep links
 * inside themselves): WhatsApp, Facebook and Messenger, Instagram, TikTok, WeChat, Line, Snapchat,
 * Telegram's, Twitter/X's. Told by the user agent each adds to the system's web view.
 */
export const IN_APP_BROWSER = /\b(?:WhatsApp|FBAN|FBAV|FB_IAB|FBIOS|Instagram|musical_ly|BytedanceWebview|TikTok|MicroMessenger|Line\/|Snapchat|TelegramBot|Twitter)\b/i;

export const isInAppBrowser = (userAgent: string): boolean => IN_APP_BROWSER.test(userAgent);

/** The app's link for a page of this site: its custom scheme with the page's path (the native shells open it). */
export const appLink = (path: string) => `kwanzawallet://open?path=${encodeURIComponent(path)}`;
