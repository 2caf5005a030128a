import type { TFunction } from 'i18next';
import type { MoneyRequestView } from '../../services/contract/moneyRequest.ts';

/** How long a request waits for the payer (the server's REQUEST_HOURS; the review says it). */
export const REQUEST_HOURS = 48;

/** A request's status in words: "waiting" for whoever waits, the ending otherwise. */
export const statusText = (t: TFunction, request: Pick<MoneyRequestView, 'status'>) => t(`moneyRequest.statuses.${request.status}`);
