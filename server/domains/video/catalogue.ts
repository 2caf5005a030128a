import type { Language } from '../../i18n.ts';
import type { Icon } from './slides.ts';

/**
 * The help videos (`/app/video/:id`): what each shows, a picture a step (slides.ts), and its words in
 * every language — the title, a line about it, and the steps, which are both the captions (a cue a
 * step) and the text the page shows instead of the video on a slow network.
 */
export interface HelpVideo {
  id: string;
  icons: readonly Icon[];
  title: Record<Language, string>;
  summary: Record<Language, string>;
  steps: Record<Language, readonly string[]>;
}

/** Each step lasts this long; a video is its steps one after the other. */
export const STEP_SECONDS = 4;

export const HELP_VIDEOS: readonly HelpVideo[] = [
  {
    id: 'top-up',
    icons: ['phone', 'card', 'amount', 'check'],
    title: { pt: 'Carregar a carteira', en: 'Top up your wallet', fr: 'Recharger le portefeuille', zh: '给钱包充值' },
    summary: {
      pt: 'Carregue o saldo a partir de um cartão de débito associado, em quatro passos.',
      en: 'Add money to your balance from a linked debit card, in four steps.',
      fr: 'Ajoutez de l’argent à votre solde depuis une carte de débit associée, en quatre étapes.',
      zh: '四步即可从已绑定的借记卡向余额充值。',
    },
    steps: {
      pt: ['Abra a Carteira e toque em Carregar.', 'Escolha um cartão de débito associado.', 'Escreva o montante e o código SMS do seu banco.', 'Confirme com a palavra-passe de pagamento: o saldo é creditado quando o banco confirma.'],
      en: ['Open the Wallet and tap Top up.', 'Choose a linked debit card.', 'Enter the amount and the SMS code from your bank.', 'Confirm with your pay password: the balance is credited once the bank confirms.'],
      fr: ['Ouvrez le Portefeuille et touchez Recharger.', 'Choisissez une carte de débit associée.', 'Saisissez le montant et le code SMS de votre banque.', 'Confirmez avec le mot de passe de paiement : le solde est crédité dès que la banque confirme.'],
      zh: ['打开钱包，点击“充值”。', '选择一张已绑定的借记卡。', '输入金额和银行发送的短信验证码。', '输入支付密码确认：银行确认后余额即到账。'],
    },
  },
  {
    id: 'scan-to-pay',
    icons: ['phone', 'qr', 'amount', 'check'],
    title: { pt: 'Pagar com código QR', en: 'Pay with a QR code', fr: 'Payer avec un code QR', zh: '扫码付款' },
    summary: {
      pt: 'Pague numa loja lendo o código QR do comerciante com a câmara.',
      en: 'Pay in a shop by reading the merchant’s QR code with your camera.',
      fr: 'Payez en magasin en lisant le code QR du commerçant avec l’appareil photo.',
      zh: '用相机扫描商户的二维码，即可在店内付款。',
    },
    steps: {
      pt: ['Toque em Pagar com código QR.', 'Aponte a câmara para o código QR do comerciante.', 'Confira o nome da loja e o montante (escreva-o se o código não o tiver).', 'Confirme com a palavra-passe de pagamento e mostre o recibo.'],
      en: ['Tap Pay with QR code.', 'Point the camera at the merchant’s QR code.', 'Check the shop’s name and the amount (type it in if the code has none).', 'Confirm with your pay password and show the receipt.'],
      fr: ['Touchez Payer avec un code QR.', 'Pointez l’appareil photo vers le code QR du commerçant.', 'Vérifiez le nom du magasin et le montant (saisissez-le si le code n’en a pas).', 'Confirmez avec le mot de passe de paiement et montrez le reçu.'],
      zh: ['点击“扫码付款”。', '将相机对准商户的二维码。', '核对店名和金额（二维码不含金额时请自行输入）。', '输入支付密码确认，并出示付款凭证。'],
    },
  },
  {
    id: 'lucky-draw',
    icons: ['card', 'ticket', 'gift', 'shield'],
    title: { pt: 'Como funciona o sorteio', en: 'How the lucky draw works', fr: 'Comment fonctionne le tirage', zh: '抽奖怎么玩' },
    summary: {
      pt: 'Ganhe sorteios com carregamentos e pagamentos, sorteie e receba o prémio em cashback.',
      en: 'Earn draws with top-ups and payments, draw, and get your prize as cashback.',
      fr: 'Gagnez des tirages avec vos recharges et paiements, tirez et recevez votre lot en cashback.',
      zh: '充值或付款即可获得抽奖次数，抽中的奖品以返现形式发放。',
    },
    steps: {
      pt: ['Carregue ou pague a um comerciante acima do mínimo da atividade: cada operação dá sorteios.', 'Abra a atividade e veja quantos sorteios lhe restam.', 'Toque em Sortear: ganha um prémio ou tenta de novo na próxima.', 'O prémio chega à conta de cashback em até 2 horas, e qualquer pessoa pode verificar o sorteio.'],
      en: ['Top up or pay a merchant above the activity’s minimum: each one earns draws.', 'Open the activity and see how many draws you have left.', 'Tap Draw: you win a prize, or try again with the next one.', 'The prize reaches your cashback account within 2 hours, and anyone can check the draw.'],
      fr: ['Rechargez ou payez un commerçant au-dessus du minimum de l’activité : chaque opération donne des tirages.', 'Ouvrez l’activité et voyez combien de tirages il vous reste.', 'Touchez Tirer : vous gagnez un lot, ou retentez au prochain.', 'Le lot arrive sur votre compte cashback en 2 heures au plus, et chacun peut vérifier le tirage.'],
      zh: ['充值或向商户付款达到活动门槛，每笔都可获得抽奖次数。', '打开活动，查看剩余抽奖次数。', '点击“抽奖”：中奖，或下次再试。', '奖品将在 2 小时内发放到返现账户，任何人都可以验证抽奖结果。'],
    },
  },
];

export const findHelpVideo = (id: string): HelpVideo | undefined => HELP_VIDEOS.find((video) => video.id === id);

const timestamp = (seconds: number) => `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;

/** The captions of a video in a language (WebVTT): a cue a step, numbered. */
export function captionsOf(video: HelpVideo, language: Language): string {
  const cues = video.steps[language].map((text, i) => `${i + 1}\n${timestamp(i * STEP_SECONDS)} --> ${timestamp((i + 1) * STEP_SECONDS)}\n${i + 1}. ${text}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
