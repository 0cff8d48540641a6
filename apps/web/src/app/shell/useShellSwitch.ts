import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import { createElement } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../../lib/session";
import { cargoEntryFor, HOME_PATH, hasAccountsModules } from "../screens";
import type { AccountMenuItem } from "./AccountMenu";

/**
 * The account menu's way to the other half of the product: "Cargo" from the accounts side, "Accounts"
 * from the cargo side, offered only when the user may open a screen there.
 */
export function useShellSwitch(to: "cargo" | "accounts"): AccountMenuItem[] {
  const navigate = useNavigate();
  const held = useSession()?.permissions ?? [];
  const target = to === "cargo" ? cargoEntryFor(held) : hasAccountsModules(held) ? HOME_PATH : null;
  if (target === null) return [];
  return [
    {
      label: to === "cargo" ? "Cargo" : "Accounts",
      icon: createElement(CompareArrowsIcon, { fontSize: "small" }),
      onClick: () => navigate(target),
    },
  ];
}
