import { lazy } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { CHART_ALIAS_ROUTES } from "../features/chart/alias-routes";
import { RATE_PUBLIC_ROUTES } from "../features/rates/public-routes";
import { ModuleEntry, RequireSession, ScreenGate } from "./guards";
import { lazyPage } from "./lazy-page";
import type { RouteHandle } from "./route-handle";
import { HOME_PATH, MODULE_ENTRIES, SCREENS, type ScreenArea } from "./screens";

// Every page is its own chunk, so the sign-in page loads only what it shows.
const CargoLoginPage = lazy(() => import("../features/auth/CargoLoginPage"));
const AccountsLoginPage = lazy(() => import("../features/auth/AccountsLoginPage"));
const RegisterPage = lazy(() => import("../features/auth/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("../features/auth/ForgotPasswordPage"));
const TrackingPage = lazy(() => import("../features/tracking/TrackingPage"));
const HomePage = lazy(() => import("../features/home/HomePage"));
const AccountsLayout = lazy(() => import("./shell/AccountsLayout"));
const CargoLayout = lazy(() => import("./shell/CargoLayout"));
const FullScreenLayout = lazyPage(() => import("./shell/FullScreenLayout"));
const NotFoundPage = lazy(() => import("./NotFoundPage"));

const screenRoutes = (area: ScreenArea): RouteObject[] =>
  SCREENS.filter((screen) => screen.area === area).map((screen) => ({
    path: screen.path,
    // Two /inventory routes differ only by one capital letter (the spec's Store and Master Control
    // uploads), and React Router ignores case unless told (design D14).
    caseSensitive: screen.path.startsWith("/inventory"),
    handle: { title: screen.title } satisfies RouteHandle,
    element: <ScreenGate screen={screen} />,
  }));

export const router = createBrowserRouter([
  { path: "/", element: <Navigate to="/cargo-login" replace /> },
  { path: "/cargo-login", element: <CargoLoginPage /> },
  { path: "/accounts-login", element: <AccountsLoginPage /> },
  { path: "/login", element: <AccountsLoginPage /> },
  { path: "/cargo-register", element: <RegisterPage /> },
  { path: "/tracking/:id?", element: <TrackingPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  ...RATE_PUBLIC_ROUTES,
  ...CHART_ALIAS_ROUTES,
  {
    element: <RequireSession />,
    children: [
      {
        element: <AccountsLayout />,
        children: [
          { path: HOME_PATH, handle: { title: "Home" } satisfies RouteHandle, element: <HomePage /> },
          // A module whose entry route is its screen (/pos) needs no redirect.
          ...MODULE_ENTRIES.filter(({ path }) => !SCREENS.some((screen) => screen.path === path)).map(
            ({ path, module }) => ({ path, element: <ModuleEntry module={module} /> }),
          ),
          ...screenRoutes("accounts"),
        ],
      },
      { element: <CargoLayout />, children: screenRoutes("cargo") },
      { element: <FullScreenLayout />, children: screenRoutes("fullscreen") },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
]);

/**
 * Loads a full-screen route's layout and screen (the register, opened from the home screen's icon
 * or a reload) before the first render, so neither suspends; other routes load as they render.
 * A failed load is left to the route's own loading, which reports it.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const screen = SCREENS.find((candidate) => candidate.area === "fullscreen" && candidate.path === pathname);
  if (!screen || !("preload" in screen.component)) return Promise.resolve();
  return Promise.all([FullScreenLayout.preload(), screen.component.preload()]).then(
    () => undefined,
    () => undefined,
  );
}
