/**
 * What the till's two charts (dynamicCode, codeCharge) share beyond the amount (the amountEntry child):
 * the paid moment, announced by the screen.
 */
export const tillActions = {
  /** Provided by the screen: the paid state is heard (a short chime) as well as seen, on entering it. */
  announcePaid: () => {},
};
