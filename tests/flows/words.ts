/**
 * The flow book's plain words, in English and Portuguese, for what a chart's names do not say to a
 * product owner. Most captions need none of them: a state is captioned with what its screen says
 * (read while it is photographed), a person's event with the label of the control that sends it
 * (each control is tried while photographed), a refusal with the app's own `errors.*` text. What
 * is left is here: how a control is used, the server's and the timers' part, the conditions the
 * charts name (guards), the events no control sends, and the child charts' names. A name missing
 * here reads as its words (`clerkWithoutStore` → "clerk without store") and the book lists it.
 */

/** A phrase in the book's two languages; `{…}` are filled in by captions.ts. */
export interface Phrase { en: string; pt: string }
const p = (en: string, pt: string): Phrase => ({ en, pt });

/** How a person uses a control, `{label}` being its label on screen. */
export const HOW = {
  press: p('presses «{label}»', 'carrega em «{label}»'),
  type: p('types in «{label}»', 'escreve em «{label}»'),
  tick: p('ticks «{label}»', 'marca «{label}»'),
  choose: p('chooses in «{label}»', 'escolhe em «{label}»'),
  pick: p('picks one of «{label}»', 'escolhe um de «{label}»'),
  file: p('picks a file for «{label}»', 'escolhe um ficheiro para «{label}»'),
} as const;

/** The parts of a transition's caption that are not the chart's own names. */
export const SAY = {
  serverAnswers: p('the server answers', 'o servidor responde'),
  serverAccepts: p('the server accepts', 'o servidor aceita'),
  serverRefuses: p('the server refuses: «{text}»', 'o servidor recusa: «{text}»'),
  serverOther: p('the server gives another answer', 'o servidor dá outra resposta'),
  serverSilent: p('no answer from the server', 'o servidor não responde'),
  childEnds: p('{child} ends', '{child} termina'),
  childFails: p('{child} fails', '{child} falha'),
  childOther: p('{child} ends with another answer', '{child} termina com outra resposta'),
  after: p('after {delay}', 'passados {delay}'),
  afterAWhile: p('after a while', 'passado algum tempo'),
  always: p('straight away', 'de imediato'),
  stateDone: p('once this part is done', 'quando esta parte termina'),
  when: p('{trigger}, if {cond}', '{trigger}, se {cond}'),
  colon: p('{trigger}: {cond}', '{trigger}: {cond}'),
  otherwise: p('{trigger}, otherwise', '{trigger}, caso contrário'),
  not: p('not: {cond}', 'não: {cond}'),
  and: p(' and ', ' e '),
  or: p(' or ', ' ou '),
  inState: p('while «{state}»', 'enquanto «{state}»'),
  refusedWith: p('refused: «{text}»', 'recusado: «{text}»'),
  accepted: p('accepted', 'aceite'),
  // a state told from the others only by a button's words
  shows: p('shows «{text}»', 'mostra «{text}»'),
  // states no picture shows
  final: p('End', 'Fim'),
  passed: p('Decided at once (never shown)', 'Decidido de imediato (nunca mostrado)'),
  seconds: p('{n} s', '{n} s'),
  minutes: p('{n} min', '{n} min'),
} as const;

/** Guards that mean "the answer is a success": the server accepts. */
export const ACCEPTS = new Set(['isOk', 'isAccepted', 'isLoaded']);

/**
 * The conditions the charts name, as facts ("the amount is zero"). A name meaning something else in
 * one chart is written `flow:name`; a guard with parameters `name(value)` or `name` with `{0}`.
 */
export const GUARDS: Record<string, Phrase> = {
  alreadyOpen: p('the account was opened meanwhile', 'a conta foi aberta entretanto'),
  namesNoSerial: p('the code names no collection code', 'o código não indica nenhum código de cobrança'),
  completesWeakEntry: p('the six digits are too easy to guess', 'os seis dígitos são fáceis de adivinhar'),
  payPasswordNotSet: p('no pay password is set yet', 'ainda não há palavra-passe de pagamento'),
  payPasswordLocked: p('paying is locked after wrong pay passwords', 'pagar está bloqueado depois de palavras-passe erradas'),
  newPayPasswordSaved: p('the new pay password is saved', 'a nova palavra-passe de pagamento está guardada'),
  enterpriseMember: p('the account is a company', 'a conta é de uma empresa'),
  isInNativeShell: p('the app runs inside the native app', 'a aplicação corre dentro da aplicação nativa'),
  sentAsQr: p('the invitation is a QR code', 'o convite é um código QR'),
  invitationAgreed: p('the invitation was accepted', 'o convite foi aceite'),
  invitationSettled: p('the invitation was answered, withdrawn or expired', 'o convite foi respondido, retirado ou expirou'),
  loadedJustSaved: p('the store was just saved', 'a loja acabou de ser guardada'),
  savedNewStore: p('a new store was saved', 'foi guardada uma loja nova'),
  alreadySet: p('a pay password is already set', 'já existe uma palavra-passe de pagamento'),
  alreadyVerified: p('the identity is already verified', 'a identidade já está verificada'),
  amountNotPositive: p('the amount is zero', 'o valor é zero'),
  // the amount child (amountEntry), asked again by its page
  refusedBefore: p('the page refused the amount asked before', 'a página recusou o valor pedido antes'),
  overLimit: p("the amount is over one of the page's limits", 'o valor ultrapassa um dos limites da página'),
  // the bound cards child (boundCards) and the card choice (cardChoice)
  interrupted: p('it stopped with an error before', 'parou antes com um erro'),
  noneBound: p('no card is bound', 'não há cartões associados'),
  troubled: p('the page could not go on with the card chosen before', 'a página não pôde continuar com o cartão escolhido antes'),
  amountUnreadable: p('the amount is not a number', 'o valor não é um número'),
  anotherCard: p('another card is chosen', 'é escolhido outro cartão'),
  answerGiven: p('an answer was typed', 'foi escrita uma resposta'),
  atBank: p('the bank is still on it', 'o banco ainda está a tratar'),
  authorised: p('the pay password is right', 'a palavra-passe de pagamento está certa'),
  awaitingConfirmation: p('the customer must confirm', 'o cliente tem de confirmar'),
  belowMin: p("the amount is below the bank's minimum", 'o valor é inferior ao mínimo do banco'),
  brought: p('payments came in', 'chegaram pagamentos'),
  cameBackWithError: p('sign-on came back with an error', 'o início de sessão voltou com um erro'),
  cameBackWithHandoff: p('sign-on came back signed in', 'o início de sessão voltou com sessão iniciada'),
  canAuthorizeNatively: p('the phone app can sign in again by itself', 'a aplicação do telemóvel pode voltar a iniciar a sessão'),
  canOpen: p('a collection account can be opened', 'pode ser aberta uma conta de cobrança'),
  canRefund: p('the owner can still refund some of it', 'o dono ainda pode reembolsar parte'),
  canRequestCode: p('the number or e-mail is valid and the terms are accepted', 'o número ou e-mail é válido e os termos estão aceites'),
  cardComplete: p('card number and mobile are complete', 'o número do cartão e o telemóvel estão completos'),
  cardNoIncomplete: p('the card number is incomplete', 'o número do cartão está incompleto'),
  cardNoMistyped: p('the card number is mistyped', 'o número do cartão está mal escrito'),
  chargeAwaiting: p('the customer must confirm on their phone', 'o cliente tem de confirmar no telemóvel'),
  chargeDeclined: p('the customer declined', 'o cliente recusou'),
  chargeExpired: p('the charge expired', 'a cobrança expirou'),
  chargePaid: p('it is paid', 'está pago'),
  chargeRefused: p('the charge is refused', 'a cobrança é recusada'),
  charged: p('it is paid', 'está pago'),
  clerkWithoutStore: p('a clerk with no open store', 'um funcionário sem loja aberta'),
  codeComplete: p('the code has 6 digits', 'o código tem 6 dígitos'),
  codeExpired: p('the code expired', 'o código expirou'),
  codePaid: p('the code was paid', 'o código foi pago'),
  codesComplete: p('the codes are complete', 'os códigos estão completos'),
  completesEntry: p('it is the sixth digit', 'é o sexto dígito'),
  countInvalid: p('the number of stickers is not valid', 'o número de autocolantes não é válido'),
  credentialsFilled: p('account and password are filled in', 'a conta e a palavra-passe estão preenchidas'),
  current: p('the person is still on the staff', 'a pessoa ainda está na equipa'),
  currentMissing: p('the current password is missing', 'falta a palavra-passe atual'),
  documentPresent: p('a document is there', 'há um documento'),
  editsAStore: p('it is an existing store', 'é uma loja existente'),
  enabledNow: p('password-free payments are on', 'os pagamentos sem palavra-passe estão ativos'),
  entriesMatch: p('both entries match', 'as duas entradas coincidem'),
  expired: p('the code expired', 'o código expirou'),
  failedWithDraft: p('verification failed and is being corrected', 'a verificação falhou e está a ser corrigida'),
  formComplete: p('the form is complete', 'o formulário está completo'),
  handedOver: p('an answer the page deals with itself', 'uma resposta que a página trata'),
  hasCursor: p('listening had started before', 'a escuta já tinha começado'),
  hasLoginUrl: p('there is a log-in address', 'há um endereço de início de sessão'),
  hasMerchant: p('the merchant is known', 'o comerciante é conhecido'),
  alreadyMine: p('the member has the coupon already', 'o membro já tem o cupão'),
  hasMore: p('there are more pages', 'há mais páginas'),
  hasNoCards: p('there are no cards', 'não há cartões'),
  hasPayments: p('there are payments', 'há pagamentos'),
  hasPendingOrder: p('a top-up is waiting for the bank', 'um carregamento está à espera do banco'),
  hasPendingRequest: p('a request is under review', 'um pedido está em análise'),
  hasPendingWithdrawal: p('a withdrawal is waiting for the bank', 'um levantamento está à espera do banco'),
  hasPhoto: p('there is a photo', 'há uma foto'),
  hasStaffId: p('one clerk is asked for', 'é pedido um funcionário'),
  imageRequired: p('a picture must be solved', 'é preciso resolver uma imagem'),
  inFuture: p('the end date is in the future', 'a data final é no futuro'),
  incomplete: p('something is missing', 'falta preencher algo'),
  invalid: p('something is not valid', 'algo não é válido'),
  isAnswered: p('the invitation was already answered', 'o convite já foi respondido'),
  isDirect: p('no review is needed', 'não é precisa análise'),
  isEnabled: p('password-free payments are on', 'os pagamentos sem palavra-passe estão ativos'),
  isIndividual: p('an individual account', 'uma conta individual'),
  isNotVerified: p('not verified yet', 'ainda não verificada'),
  isOpen: p('already open', 'já aberta'),
  isOwner: p('the owner', 'o dono'),
  isPaymentCode: p('it is a payment code', 'é um código de pagamento'),
  isPending: p('it is pending', 'está pendente'),
  knownBatch: p('one of those shown', 'um dos mostrados'),
  knownBinding: p('one of those shown', 'um dos mostrados'),
  knownBranch: p('one of those shown', 'uma das mostradas'),
  knownCard: p('one of those shown', 'um dos mostrados'),
  knownProvince: p('one of those shown', 'uma das mostradas'),
  knownStore: p('one of those shown', 'uma das mostradas'),
  listedAsExpired: p('the code expired', 'o código expirou'),
  loadedClosed: p('the store is closed', 'a loja está fechada'),
  missing: p('not on the staff', 'não está na equipa'),
  mobileValid: p('the mobile number is valid', 'o número de telemóvel é válido'),
  nameGiven: p('the full name is given', 'o nome completo foi dado'),
  named: p('an invitation is named', 'é indicado um convite'),
  needsBranch: p('the bank needs a branch', 'o banco precisa de uma agência'),
  nifWellFormed: p('the NIF is well formed', 'o NIF está bem escrito'),
  noFieldErrors: p('no field has an error', 'nenhum campo tem erro'),
  noItems: p('the page is empty', 'a página está vazia'),
  noStores: p('there is no open store', 'não há loja aberta'),
  notFound: p('the bank does not know the order', 'o banco não conhece a ordem'),
  notVerifying: p('no code is being checked', 'nenhum código está a ser verificado'),
  nothingShown: p('the list showed nothing', 'a lista não mostrava nada'),
  otherKind: p('it is a code of another kind (a staff invitation…)', 'é um código de outro tipo (um convite para a equipa…)'),
  otherPage: p('another page', 'outra página'),
  payableAboveBalance: p('what is to pay is more than the balance', 'o que há a pagar é mais do que o saldo'),
  plainQuote: p('nothing off and nothing back', 'nada a descontar nem a devolver'),
  overPerTransaction: p('over the limit per top-up', 'acima do limite por carregamento'),
  paid: p('the bank paid', 'o banco pagou'),
  passwordFilled: p('the password is filled in', 'a palavra-passe está preenchida'),
  passwordStrong: p('the password is strong enough', 'a palavra-passe é forte o suficiente'),
  passwordWeak: p('the password is too weak', 'a palavra-passe é demasiado fraca'),
  payingUnverified: p('the account is not verified to pay', 'a conta não está verificada para pagar'),
  paymentAuthorised: p('the payment is authorised', 'o pagamento está autorizado'),
  pending: p('the invitation is pending', 'o convite está pendente'),
  photosComplete: p('the photos asked for are there', 'as fotos pedidas estão lá'),
  quotedNeedingBranch: p('a branch must be chosen', 'é preciso escolher uma agência'),
  rangeChosen: p('a period was chosen', 'foi escolhido um período'),
  reasonGiven: p('a reason is given', 'foi dado um motivo'),
  refused: p('the bank refused', 'o banco recusou'),
  refusedAgreeing: p('the invitation can no longer be accepted', 'o convite já não pode ser aceite'),
  refusedAsIndividual: p('an individual account cannot open one', 'uma conta individual não pode abrir'),
  refusedAsUnverified: p('the account is not verified', 'a conta não está verificada'),
  removed: p('the card is removed', 'o cartão foi removido'),
  removedLast: p('the last card is removed', 'o último cartão foi removido'),
  replaced: p('a newer code replaced it', 'um código mais recente substituiu-o'),
  resetByCard: p('the reset goes through a card', 'a reposição é feita com um cartão'),
  reversed: p('the dates are the wrong way round', 'as datas estão trocadas'),
  routedByParent: p('an answer the page deals with itself', 'uma resposta que a página trata'),
  rulesFound: p("the card's bank is served", 'o banco do cartão é servido'),
  sameAsCurrent: p('the same as the current password', 'igual à palavra-passe atual'),
  sentAlready: p('the code was already sent with the order', 'o código já foi enviado com o pedido'),
  settledPaid: p('the bank paid', 'o banco pagou'),
  settledRefused: p('the bank refused', 'o banco recusou'),
  settledMeanwhile: p('already answered meanwhile', 'já respondido entretanto'),
  notOffered: p('the coupon cannot be claimed now, or is sold out', 'o cupão não pode ser obtido agora, ou esgotou'),
  severalStores: p('there are several stores', 'há várias lojas'),
  storedSessionAtStart: p('already signed in on this device', 'já tem sessão iniciada neste dispositivo'),
  statusIs: p('the status is «{0}»', 'o estado é «{0}»'),
  // the camera's refusals, which are no server's (a server's is its errors.* text)
  'refusedWith(denied)': p('camera access is denied', 'o acesso à câmara é negado'),
  'refusedWith(absent)': p('there is no camera', 'não há câmara'),
  'refusedWith(noDetector)': p('this browser cannot read codes', 'este navegador não consegue ler códigos'),
  'statusIs(pending)': p('it is under review', 'está em análise'),
  'statusIs(verified)': p('it is verified', 'está verificada'),
  'statusIs(failed)': p('it failed', 'falhou'),
  storeGiven: p('one store, or the one in the address', 'uma só loja, ou a do endereço'),
  storeOpen: p('the store is open', 'a loja está aberta'),
  tokenLooksValid: p('the link looks valid', 'a ligação parece válida'),
  tooLong: p('the period is too long', 'o período é demasiado longo'),
  typedValid: p('what was typed is valid', 'o que foi escrito é válido'),
  unreachable: p('no answer from the server', 'o servidor não responde'),
  unknownCode: p('what was read is no code the wallet knows', 'o que foi lido não é nenhum código que a carteira conheça'),
  unverified: p('the account is not verified', 'a conta não está verificada'),
  voiceAsked: p('read aloud was on', 'a leitura em voz alta estava ativa'),
  // the promotions (the merchant's list and the platform's, and their forms)
  active: p('it is active', 'está ativa'),
  paused: p('it is paused', 'está em pausa'),
  notEnded: p('it has not ended', 'não terminou'),
  liveCoupon: p('the coupon is active', 'o cupão está ativo'),
  storesUnknown: p("the merchant's stores are not read yet", 'as lojas do comerciante ainda não foram lidas'),
  noStore: p('the merchant has no open store', 'o comerciante não tem nenhuma loja aberta'),
  oneStore: p('the merchant has one open store', 'o comerciante tem uma loja aberta'),
  copied: p('the link was copied (the browser cannot share)', 'o link foi copiado (o navegador não partilha)'),
  shownField: p('the field is shown for the type chosen', 'o campo é mostrado para o tipo escolhido'),
  unreadable: p('a name is missing or a figure is not a number', 'falta o nome ou um valor não é um número'),
  noVouchers: p('the member has no vouchers (of this state)', 'o membro não tem vouchers (neste estado)'),
  usable: p('the voucher can still be used (it has a code)', 'o voucher ainda pode ser usado (tem código)'),
};

/** What an invoked actor that is neither a server call nor a child chart does when it ends or fails. */
export const ACTORS: Record<string, { done: Phrase; error: Phrase }> = {
  startCamera: { done: p('the camera answers', 'a câmara responde'), error: p('the camera cannot start', 'a câmara não liga') },
  detect: { done: p('the code reader answers', 'o leitor de códigos responde'), error: p('the code reader stops', 'o leitor de códigos para') },
  decodePhoto: { done: p('the photo is read', 'a foto é lida'), error: p('the photo cannot be read', 'a foto não pode ser lida') },
  shareLink: { done: p('the phone shares the link or copies it', 'o telemóvel partilha o link ou copia-o'), error: p('the link cannot be shared', 'o link não pode ser partilhado') },
};

/** The child charts, by the name their parent invokes them under. */
export const CHILDREN: Record<string, Phrase> = {
  sendCode: p('sending the code', 'o envio do código'),
  resend: p('sending a new code', 'o envio de um novo código'),
  codeEntry: p('the code entry', 'a introdução do código'),
  newPassword: p('choosing the password', 'a escolha da palavra-passe'),
  payment: p('the payment', 'o pagamento'),
  payConfirm: p('the pay-password check', 'a confirmação com a palavra-passe de pagamento'),
  newPayPassword: p('choosing the pay password', 'a escolha da palavra-passe de pagamento'),
  scanner: p('the scanner', 'o leitor de códigos'),
  dateRange: p('choosing the period', 'a escolha do período'),
  pagedList: p('the list', 'a lista'),
  amountEntry: p('the amount entry', 'a introdução do valor'),
  boundCards: p("the member's cards", 'os cartões do membro'),
  cardChoice: p('choosing the card', 'a escolha do cartão'),
  bankSettlement: p('waiting for the bank', 'a espera pelo banco'),
  branchPicker: p('choosing the branch', 'a escolha da agência'),
  dynamicCode: p('charging with a code', 'a cobrança com código'),
  codeCharge: p("charging the customer's code", 'a cobrança pelo código do cliente'),
};

/** The name of a chart that has no page of its own (or a better one than its page's title). */
export const CHART_NAMES: Record<string, Phrase> = {
  amountEntry: p('Entering an amount', 'Introduzir um valor'),
  bankSettlement: p('Waiting for the bank', 'À espera do banco'),
  boundCards: p('The bound debit cards', 'Os cartões de débito associados'),
  cardChoice: p('Choosing a card', 'Escolher um cartão'),
  branchPicker: p('Choosing a bank branch', 'Escolher uma agência'),
  captcha: p('The captcha', 'O captcha'),
  codeCharge: p("Charging the customer's payment code", 'Cobrar pelo código de pagamento do cliente'),
  codeEntry: p('Sending a code by SMS and entering it', 'Enviar um código por SMS e introduzi-lo'),
  dateRange: p('Choosing a period', 'Escolher um período'),
  pagedList: p('A list read page by page', 'Uma lista lida página a página'),
  document: p('Terms, help and notices', 'Termos, ajuda e avisos'),
  dynamicCode: p('Charging with a one-time code', 'Cobrar com um código único'),
  newPassword: p('Choosing the login password', 'Escolher a palavra-passe de acesso'),
  newPayPassword: p('Choosing the pay password', 'Escolher a palavra-passe de pagamento'),
  payConfirm: p('Confirming with the pay password', 'Confirmar com a palavra-passe de pagamento'),
  payment: p('Paying', 'Pagar'),
  paymentAlerts: p('Live payments', 'Pagamentos em direto'),
  scanner: p('Reading a code with the camera', 'Ler um código com a câmara'),
  sendCode: p('Sending a code by SMS', 'Enviar um código por SMS'),
  session: p('The session (signed in, expired)', 'A sessão (iniciada, expirada)'),
};

/** How long the named timers of a chart wait when their length is worked out as they start. */
export const DELAYS: Record<string, Phrase> = {
  resendCooldown: p('the wait before a new code', 'a espera por um novo código'),
  backoff: p('a short wait (longer each time)', 'uma breve espera (maior de cada vez)'),
  pause: p('a pause (longer each time)', 'uma pausa (maior de cada vez)'),
};

/** Events no control of the chart's own screen sends: the app, the page around it, or a gesture. */
export const EVENTS: Record<string, Phrase> = {
  // sent by the app around the screen
  'session.started': p('the person signs in', 'a pessoa inicia sessão'),
  'session.expired': p('the server says the session has expired', 'o servidor diz que a sessão expirou'),
  'session.logoutRequested': p('the person signs out', 'a pessoa termina a sessão'),
  'document.languageChanged': p('the language is changed in the menu', 'o idioma é mudado no menu'),
  'payments.arrived': p('payments come in', 'chegam pagamentos'),
  'list.loaded': p('the list shows its first page', 'a lista mostra a primeira página'),
  // the captcha, a chart and screen of its own, inside the screen that asks for it
  'captcha.solved': p('solves the captcha', 'resolve o captcha'),
  // the end of an upload, and controls shown only with what the pictures' paths do not bring
  'photo.uploaded': p('a photo finishes uploading', 'uma foto acaba de ser carregada'),
  'document.uploaded': p('a document finishes uploading', 'um documento acaba de ser carregado'),
  'photo.removed': p('removes the photo', 'remove a foto'),
  'document.removed': p('removes a document', 'remove um documento'),
  'digit.deleted': p('deletes a digit', 'apaga um dígito'),
  'branch.change': p('changes the branch', 'muda a agência'),
};

/** `clerkWithoutStore` → "clerk without store": the last resort, for a name no table has. */
export const asWords = (name: string) =>
  name.replace(/^xstate\./, '').replace(/[._]/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/\s+/g, ' ').trim().toLowerCase();
