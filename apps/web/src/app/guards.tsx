import { useEffect, useLayoutEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useMe } from "../features/auth/api";
import { refreshSession, toPermissionEntry, useSession } from "../lib/session";
import { NoAccessPage } from "./NoAccessPage";
import { availableModules, mayOpen, type Screen } from "./screens";

/** Signed-out visitors go to the cargo sign-in; signed-in ones get their permissions refreshed. */
export function RequireSession() {
  const session = useSession();
  const me = useMe(session !== null);

  useEffect(() => {
    if (me.data) {
      refreshSession({ userType: me.data.roleId, permissions: me.data.permissions.map(toPermissionEntry) });
    }
  }, [me.data]);

  if (!session) return <Navigate to="/cargo-login" replace />;
  return <Outlet />;
}

/** Renders the screen only for users holding its permission. */
export function ScreenGate({ screen }: { screen: Screen }) {
  const session = useSession();
  // Every screen opens at its top, whatever the scroll position of the one before.
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  if (!session || !mayOpen(session.permissions, screen)) return <NoAccessPage />;
  const Component = screen.component;
  return <Component />;
}

/** A module entry route (/setting, /accounts, ...) opens the module's first screen this user may open. */
export function ModuleEntry({ module }: { module: string }) {
  const session = useSession();
  const available = availableModules(session?.permissions ?? []).find((candidate) => candidate.name === module);
  const first = available?.screens[0];
  if (!first) return <NoAccessPage title={`You do not have access to any ${module} screen`} />;
  return <Navigate to={first.path} replace />;
}
