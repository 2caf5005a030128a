import { describe, expect, it } from 'vitest';
import { appLink, isInAppBrowser } from '../../src/lib/inAppBrowser.ts';

describe('in-app browsers, told by their user agent (src/lib/inAppBrowser.ts)', () => {
  it('knows the apps that keep links inside them', () => {
    const inApp = [
      'Mozilla/5.0 (Linux; Android 12; SM-A125F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.0.0 Mobile Safari/537.36 WhatsApp/2.23.20.0',
      'Mozilla/5.0 (Linux; Android 11; TECNO KF6i; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/117.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/436.0.0.35.101;]',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/431.0.0.42.113;FBBV/520000000]',
      'Mozilla/5.0 (Linux; Android 13; itel A665L; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 Instagram 301.0.0.29.124 Android',
      'Mozilla/5.0 (Linux; Android 10; wv) AppleWebKit/537.36 Version/4.0 Chrome/88.0 Mobile Safari/537.36 musical_ly_2022803040 JsSdk/1.0 NetType/WIFI BytedanceWebview/d8a21c6',
      'Mozilla/5.0 (Linux; Android 9; wv) AppleWebKit/537.36 Version/4.0 Chrome/86.0 MQQBrowser/6.2 TBS/045913 Mobile Safari/537.36 MicroMessenger/8.0.40.2420(0x28002837) WeChat/arm64',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Line/13.15.0',
    ];
    for (const ua of inApp) expect(isInAppBrowser(ua), ua).toBe(true);
  });

  it('leaves the browsers people open links in', () => {
    const browsers = [
      'Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Android 13; Mobile; rv:120.0) Gecko/120.0 Firefox/120.0',
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 OPR/79.0.2254.70',
    ];
    for (const ua of browsers) expect(isInAppBrowser(ua), ua).toBe(false);
  });

  it('opens the page’s own path in the app', () => {
    expect(appLink('/s/group/3/7')).toBe('kwanzawallet://open?path=%2Fs%2Fgroup%2F3%2F7');
  });
});
