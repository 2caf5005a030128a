import { useEffect, type ComponentType } from 'react';
import {
  createRootRoute, createRoute, createRouter, notFound, Outlet, redirect, useMatches, useParams, useSearch,
  type AnyRoute, type AnyRouter, type ErrorComponentProps, type RouterHistory,
} from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Body } from './Body.tsx';
import { lazyScreen, type LazyScreen } from './lazyScreen.tsx';
import { storage } from './lib/storage.ts';
import { takeOverRenderedPage } from './lib/pageTakeOver.ts';
import { NOT_FOUND, OPERATOR_LAYOUT, ROUTES, ownParts, pageIdOf, type LocalePart, type RouteDeclaration } from '../services/routeTable.ts';

/**
 * The router, made from the route table (services/routeTable.ts): each screen is its own chunk,
 * fetched from /dist/ on first visit with the pt dictionary parts it uses beyond the entry's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen's props are the route's params, search and props
type AnyScreen = ComponentType<any>;
const SCREEN_MODULES = import.meta.glob<{ default: AnyScreen }>(['../screens/*/*Screen.tsx', '../screens/platform/PlatformShell.tsx']);

const screens = new Map<string, LazyScreen<any>>(); // eslint-disable-line @typescript-eslint/no-explicit-any
/** A route's screen, from its own chunk; a `member` route's comes inside the session gate (src/session/MemberOnly.tsx), fetched alongside. */
function screen(module: string, parts: readonly LocalePart[], member = false): LazyScreen<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const key = `${module}|${parts.join(',')}|${member}`;
  let component = screens.get(key);
  if (!component) {
    const load = SCREEN_MODULES[`../screens/${module}.tsx`];
    if (!load) throw new Error(`route table: no screen module screens/${module}.tsx`);
    const gated = () => Promise.all([load(), import('./session/MemberOnly.tsx')]).then(([screenModule, gate]) => ({ default: gate.memberOnly(screenModule.default) }));
    component = lazyScreen(module, member ? gated : load, parts);
    screens.set(key, component);
  }
  return component;
}

const NotFound = screen(NOT_FOUND.screen, NOT_FOUND.parts);

function ChunkError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  useEffect(takeOverRenderedPage, []); // (its button is the app's: no screen of a route to say so)
  return (
    <div className="kw-centered" role="alert">
      <p>{(error as Error | undefined)?.name === 'ChunkLoadError' ? t('chunk.failed') : t('chunk.unexpected')}</p>
      <button type="button" className="kw-button kw-button-primary" onClick={() => window.location.reload()}>
        {t('chunk.reload')}
      </button>
    </div>
  );
}

/** The browser tab (and the tracker's page view) names the page the route table titles. */
function PageTitle() {
  const { t } = useTranslation();
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title });
  useEffect(() => {
    document.title = title ? `${t(title)} · ${t('app.name')}` : t('app.name');
  }, [t, title]);
  return null;
}

const rootRoute = createRootRoute({
  component: () => (
    <Body>
      <PageTitle />
      <Outlet />
    </Body>
  ),
  notFoundComponent: () => <NotFound />,
  errorComponent: ChunkError,
});

/** Operators' pages need a stored operator token; without one, the sign-in page, which comes back here. */
const OperatorShell = screen(OPERATOR_LAYOUT.screen, OPERATOR_LAYOUT.parts);
const operatorArea = createRoute({
  getParentRoute: () => rootRoute,
  id: 'operator',
  beforeLoad: ({ location }) => {
    if (!storage.getUserInfo()?.token) throw redirect({ href: `/plateform/?returnTo=${encodeURIComponent(location.pathname + location.searchStr)}`, replace: true }); // no fragment: the return rule refuses one
  },
  component: () => <OperatorShell />,
});

/** Each route's own screen, to have it in memory before a server-rendered page is rendered or hydrated. */
const screenOfRoute = new WeakMap<AnyRoute, { preload(): Promise<void> }>();
screenOfRoute.set(operatorArea, OperatorShell);

const pick = (values: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.filter((key) => key in values).map((key) => [key, values[key]]));

function routeFor(declaration: RouteDeclaration, parent: AnyRoute | null): AnyRoute {
  const Screen = screen(declaration.screen, ownParts(declaration), declaration.access === 'member');
  const paramNames = Object.keys(declaration.params ?? {});
  const searchNames = Object.keys(declaration.search ?? {});
  const parentPath = parent ? declaration.parent : undefined;
  const route = createRoute({
    getParentRoute: () => parent ?? (declaration.access === 'operator' ? operatorArea : rootRoute),
    path: parentPath ? declaration.path.slice(parentPath.length + 1) : declaration.path,
    staticData: { title: declaration.title, pageId: pageIdOf(declaration) },
    ...(declaration.params && {
      beforeLoad: ({ params }: { params: Record<string, string> }) => {
        if (Object.entries(declaration.params!).some(([name, pattern]) => !pattern.test(params[name] ?? ''))) throw notFound();
      },
    }),
    ...(declaration.search && {
      validateSearch: (search: Record<string, unknown>) => Object.fromEntries(Object.entries(declaration.search!).filter(([name, valid]) => valid(search[name])).map(([name]) => [name, search[name]])),
    }),
    component: function RoutePage() {
      const params = pick(useParams({ strict: false }) as Record<string, unknown>, paramNames);
      const search = pick(useSearch({ strict: false }) as Record<string, unknown>, searchNames);
      // a new parameter is a new page: its chart starts afresh
      return <Screen key={JSON.stringify(params)} {...declaration.props} {...params} {...search} />;
    },
  } as never) as AnyRoute;
  screenOfRoute.set(route, Screen);
  return route;
}

/** The table's routes, each under its parent's (or the platform area's) route. */
function routeTree() {
  const build = (declaration: RouteDeclaration, parent: AnyRoute | null): AnyRoute => {
    const route = routeFor(declaration, parent);
    const children = ROUTES.filter((r) => r.parent === declaration.path).map((child) => build(child, route));
    return children.length ? route.addChildren(children) : route;
  };
  const top = ROUTES.filter((r) => !r.parent);
  return rootRoute.addChildren([
    ...top.filter((r) => r.access !== 'operator').map((r) => build(r, null)),
    operatorArea.addChildren(top.filter((r) => r.access === 'operator').map((r) => build(r, null))),
  ]);
}

const tree = routeTree();

/** The router's options besides its routes (src/entry-server.tsx renders an empty page with them too). */
export const ROUTER_OPTIONS = { defaultPreload: 'intent', scrollRestoration: true } as const;

/** The app's router; the server renders with one per page, on a history at that page's address (src/entry-server.tsx). */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree: tree, ...ROUTER_OPTIONS, ...(history && { history }) });
}

export const router = createAppRouter();

/**
 * Loads the matched routes' screens (and their dictionary parts) after `router.load()`, so the page
 * renders them at once: the server's render is the whole page, and the client's first render, which
 * hydrates it, is the same.
 */
export async function preloadMatchedScreens(appRouter: AnyRouter): Promise<void> {
  const matches = appRouter.state.matches;
  const notFoundShown = matches.some((match) => match.status === 'notFound' || (match as { globalNotFound?: boolean }).globalNotFound);
  await Promise.all([
    ...matches.map((match) => screenOfRoute.get(appRouter.routesById[match.routeId] as AnyRoute)?.preload()),
    ...(notFoundShown ? [NotFound.preload()] : []),
  ]);
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Key of the page's title (services/routeTable.ts). */
    title?: string;
    /** The behaviour tracker's id of the page (services/routeTable.ts, pageIdOf). */
    pageId?: string;
  }
}
