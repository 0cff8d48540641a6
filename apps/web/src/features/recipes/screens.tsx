import ListAltIcon from "@mui/icons-material/ListAlt";
import MenuBookIcon from "@mui/icons-material/MenuBook";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { RECIPE_PERMISSION, RECIPE_ROUTES } from "./paths";

/** Master Control > Recipe; SCREENS in app/screens.tsx includes them. */
export const RECIPE_SCREENS: readonly Screen[] = [
  {
    path: RECIPE_ROUTES.add,
    title: "Add Recipe",
    area: "accounts",
    permission: RECIPE_PERMISSION,
    menu: { group: "Recipe", item: "Add Recipe" },
    icon: MenuBookIcon,
    component: lazy(() => import("./RecipeFormPage")),
  },
  {
    path: RECIPE_ROUTES.list,
    title: "List Recipe",
    area: "accounts",
    permission: RECIPE_PERMISSION,
    menu: { group: "Recipe", item: "List Recipe" },
    icon: ListAltIcon,
    component: lazy(() => import("./RecipeListPage")),
  },
];
