import { fromPromise } from 'xstate';
import { pagedListMachine, type Page, type PageQuery } from '../../machines/pagedList.machine.ts';
import type { Outcome } from '../../services/contract/outcome.ts';

/**
 * The paged list child runs for every list read by cursor (the fund detail and the settlement's
 * movements, the records): each is the chart provided with its page loader, which gets the
 * parent's filter as it handed it (`query`) and the cursor of the page (null: the first).
 */
export type PageLoader<Query, P extends Page> = (query: Query, cursor: string | null) => Promise<Outcome<P>>;

/** The paged list chart with the call that reads its pages. */
export const pagedListFlow = <Query, P extends Page>(load: PageLoader<Query, P>) =>
  pagedListMachine.provide({ actors: { loadPage: fromPromise<Outcome<Page>, PageQuery>(({ input }) => load(input.query as Query, input.cursor)) } });

/**
 * A list that is its page alone, with no parent chart around it (no filter, nothing of a first
 * page kept besides its items): the chart's `pageLoaded`, a parent's news, goes to no one.
 */
export const standaloneListFlow = <Query, P extends Page>(load: PageLoader<Query, P>) =>
  pagedListFlow(load).provide({ actions: { pageLoaded: () => {} } });
