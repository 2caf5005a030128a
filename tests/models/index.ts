import type { FlowModel } from '../support/mbt.ts';
import { sessionModel } from './session.model.ts';
import { documentModel } from './document.model.ts';
import { tokenEntryModel } from './tokenEntry.model.ts';
import { signUpModel } from './signUp.model.ts';
import { loginModel } from './login.model.ts';
import { recoverModel } from './recoverPassword.model.ts';
import { payPasswordModel } from './payPassword.model.ts';
import { captchaModel } from './captcha.model.ts';
import { changeMobileModel } from './changeMobile.model.ts';
import { personalVerificationModel } from './personalVerification.model.ts';
import { reviewModel } from './review.model.ts';
import { operatorSignInModel } from './operatorSignIn.model.ts';
import { enterpriseVerificationModel } from './enterpriseVerification.model.ts';
import { payConfirmModel } from './payConfirm.model.ts';
import { transferModel } from './transfer.model.ts';
import { fundDetailModel } from './fundDetail.model.ts';
import { walletAssetsModel } from './walletAssets.model.ts';
import { withdrawalModel } from './withdrawal.model.ts';
import { topupModel } from './topup.model.ts';
import { bindCardModel } from './bindCard.model.ts';
import { cardListModel } from './cardList.model.ts';
import { branchPickerModel } from './branchPicker.model.ts';
import { bankSettlementModel } from './bankSettlement.model.ts';

/** The model of every machine in machines/, by the machine's file name. The gate checks both lists agree. */
export const models: Record<string, FlowModel> = {
  'session.machine.ts': sessionModel as FlowModel,
  'document.machine.ts': documentModel as FlowModel,
  'tokenEntry.machine.ts': tokenEntryModel as FlowModel,
  'signUp.machine.ts': signUpModel as FlowModel,
  'login.machine.ts': loginModel as FlowModel,
  'recoverPassword.machine.ts': recoverModel as FlowModel,
  'payPassword.machine.ts': payPasswordModel as FlowModel,
  'captcha.machine.ts': captchaModel as FlowModel,
  'changeMobile.machine.ts': changeMobileModel as FlowModel,
  'personalVerification.machine.ts': personalVerificationModel as FlowModel,
  'review.machine.ts': reviewModel as FlowModel,
  'operatorSignIn.machine.ts': operatorSignInModel as FlowModel,
  'enterpriseVerification.machine.ts': enterpriseVerificationModel as FlowModel,
  'payConfirm.machine.ts': payConfirmModel as FlowModel,
  'transfer.machine.ts': transferModel as FlowModel,
  'fundDetail.machine.ts': fundDetailModel as FlowModel,
  'walletAssets.machine.ts': walletAssetsModel as FlowModel,
  'withdrawal.machine.ts': withdrawalModel as FlowModel,
  'topup.machine.ts': topupModel as FlowModel,
  'bindCard.machine.ts': bindCardModel as FlowModel,
  'cardList.machine.ts': cardListModel as FlowModel,
  'branchPicker.machine.ts': branchPickerModel as FlowModel,
  'bankSettlement.machine.ts': bankSettlementModel as FlowModel,
};
