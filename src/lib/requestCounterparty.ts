/**
 * What a payer's pay password confirms when paying a request for money: that request (its
 * requester is fixed), beside the amount. One definition for the chart that asks for the password
 * (machines/moneyRequestView.machine.ts) and the server that checks it (server/domains/moneyRequest),
 * so the two purposes cannot drift apart. Kept apart from the contract so the chart pulls in no zod.
 */
export const requestCounterparty = (id: string) => `request:${id}`;
