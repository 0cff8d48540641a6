import { Navigate, type RouteObject, useLocation, useParams } from "react-router";

/**
 * The spec names level screens /accounts/levelN/* for N = 2 to 5, while the "Level Three" screens
 * live at /accounts/level4/* (DESIGN section 6). /accounts/level3/* opens the same screens, with
 * the query string kept; the target screen checks the permission as usual.
 */
function LevelThreeAlias() {
  const { page = "details" } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/accounts/level4/${page}${search}`} replace />;
}

export const CHART_ALIAS_ROUTES: RouteObject[] = [{ path: "/accounts/level3/:page", element: <LevelThreeAlias /> }];
