import type { E2eContext } from './run.ts';

export interface Scenario {
  name: string;
  run(ctx: E2eContext): Promise<void>;
}

const expectText = async (ctx: E2eContext, text: string | RegExp) => {
  await ctx.page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
};

export const scenarios: Scenario[] = [
  {
    name: 'home opens in Portuguese and switches language',
    async run(ctx) {
      await ctx.page.goto(`${ctx.baseUrl}/`);
      await expectText(ctx, 'Bem-vindo');
      await expectText(ctx, 'Pague, transfira e receba em kwanzas');
      if ((await ctx.page.getAttribute('html', 'lang')) !== 'pt-AO') throw new Error('html lang is not pt-AO');
      await ctx.shot('home-pt');
      await ctx.audit('home pt');
      await ctx.page.getByTestId('language-menu').selectOption('en');
      await expectText(ctx, 'Welcome');
      const saved = await ctx.page.evaluate(() => sessionStorage.getItem('LANG'));
      if (saved !== 'en') throw new Error(`LANG saved as ${saved}`);
      await ctx.shot('home-en');
      await ctx.page.reload();
      await expectText(ctx, 'Welcome');
      await ctx.page.getByTestId('language-menu').selectOption('zh');
      await expectText(ctx, '欢迎');
      await ctx.shot('home-zh');
      await ctx.audit('home zh');
    },
  },
  {
    name: 'agreements read in pt and en, registration on light grey',
    async run(ctx) {
      await ctx.page.goto(`${ctx.baseUrl}/pt/agreement/registrationAgreement`);
      await ctx.page.getByRole('heading', { level: 2 }).first().waitFor();
      const grey = await ctx.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      if (grey !== 'rgb(242, 243, 245)') throw new Error(`registration background is ${grey}`);
      if (!(await ctx.page.textContent('article'))?.match(/telemóvel/)) throw new Error('pt agreement is not in Portuguese');
      await ctx.shot('agreement-registration-pt');
      await ctx.audit('registration agreement pt');
      await ctx.page.goto(`${ctx.baseUrl}/en/agreement/privacyProtectionAgreement`);
      await ctx.page.getByRole('heading', { level: 2 }).first().waitFor();
      if (!(await ctx.page.textContent('article'))?.match(/personal data/i)) throw new Error('en agreement is not in English');
      await ctx.shot('agreement-privacy-en');
      await ctx.audit('privacy agreement en');
      await ctx.page.goto(`${ctx.baseUrl}/pt/agreement/collectionqrcode`);
      await ctx.page.getByRole('heading', { level: 2 }).first().waitFor();
      await ctx.page.goto(`${ctx.baseUrl}/agreement/terminal`);
      await ctx.page.getByRole('heading', { level: 2 }).first().waitFor();
      await ctx.shot('agreement-terminal-pt');
    },
  },
  {
    name: 'help guide, help centre and a notice come from the server',
    async run(ctx) {
      await ctx.page.goto(`${ctx.baseUrl}/app/download`);
      for (const heading of ['Registo', 'Verificação de identidade', 'Associar cartão', 'Carregar', 'Transferir', 'Levantar']) await ctx.page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 15_000 });
      await ctx.shot('download-guide-pt');
      await ctx.audit('download guide');
      await ctx.page.goto(`${ctx.baseUrl}/app/helpdoc?language=en`);
      await expectText(ctx, 'Help centre');
      await ctx.shot('helpdoc-en');
      await ctx.page.goto(`${ctx.baseUrl}/anouncement/1?language=pt`);
      await expectText(ctx, 'Bem-vindo à Kwanza Wallet');
      await ctx.shot('notice-pt');
      await ctx.audit('notice');
    },
  },
  {
    name: 'a wrong path shows the not-found screen',
    async run(ctx) {
      await ctx.page.goto(`${ctx.baseUrl}/nothing/here`);
      await expectText(ctx, 'Página não encontrada');
      await ctx.shot('not-found-pt');
      await ctx.audit('not found');
      await ctx.page.goto(`${ctx.baseUrl}/en/agreement/collectionqrcode?language=en`);
      await expectText(ctx, 'Page not found');
      await ctx.page.getByRole('link', { name: 'Go to the start' }).click();
      await expectText(ctx, 'Welcome');
    },
  },
  {
    name: 'a bogus token gets AGW20001 and the session chart runs to TokenLose',
    async run(ctx) {
      await ctx.page.goto(`${ctx.baseUrl}/`);
      await ctx.page.evaluate(() => {
        (window as unknown as { tokenLose: string[] }).tokenLose = [];
        window.addEventListener('message', (e) => (window as unknown as { tokenLose: string[] }).tokenLose.push(String(e.data)));
      });
      const answer = ctx.page.waitForResponse((r) => r.url().endsWith('/gatewayinner/api'));
      await ctx.page.evaluate(() => window.history.pushState({}, '', '/index/bogusTokenThatIsLongEnough_123'));
      await ctx.page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
      const body = await (await answer).json();
      if (body.code !== 'AGW20001') throw new Error(`expected AGW20001, got ${body.code}`);
      await expectText(ctx, 'A sua sessão terminou. Inicie sessão novamente.');
      await ctx.shot('session-expired-message');
      const t0 = Date.now();
      await ctx.page.getByRole('button', { name: 'Continuar' }).waitFor({ timeout: 10_000 });
      const waited = Date.now() - t0;
      const posted = await ctx.page.evaluate(() => (window as unknown as { tokenLose: string[] }).tokenLose);
      if (!posted.includes('TokenLose')) throw new Error(`TokenLose not posted: ${JSON.stringify(posted)}`);
      if (waited < 2500) throw new Error(`re-login came after ${waited} ms; the chart waits 2 s + 2 s`);
      await ctx.shot('session-token-lost');
      await ctx.audit('session ended');
      await ctx.page.getByRole('button', { name: 'Continuar' }).click();
      await expectText(ctx, 'Bem-vindo');
    },
  },
  {
    name: 'an expired session with a login URL goes there after 2 s + 2 s',
    async run(ctx) {
      await ctx.page.route('**/login-page', (route) => route.fulfill({ contentType: 'text/html', body: '<html lang="en"><title>Login</title><h1>Login page</h1></html>' }));
      await ctx.page.goto(`${ctx.baseUrl}/`);
      await ctx.page.evaluate((base) => localStorage.setItem('UserInfo', JSON.stringify({ h5Token: 'stale-token-abcdefghijklmnop', loginUrl: `${base}/login-page` })), ctx.baseUrl);
      await ctx.page.goto(`${ctx.baseUrl}/index/stale-token-abcdefghijklmnop`);
      await expectText(ctx, 'A sua sessão terminou');
      await ctx.page.waitForURL('**/login-page', { timeout: 10_000 });
      const stored = await ctx.page.evaluate(() => localStorage.getItem('UserInfo'));
      if (stored !== null) throw new Error('the stored user was not cleared');
    },
  },
];
