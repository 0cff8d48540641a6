import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import AssessmentIcon from "@mui/icons-material/Assessment";
import BackupIcon from "@mui/icons-material/Backup";
import Inventory2Icon from "@mui/icons-material/Inventory2";
import KitchenIcon from "@mui/icons-material/Kitchen";
import PointOfSaleIcon from "@mui/icons-material/PointOfSale";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import SettingsIcon from "@mui/icons-material/Settings";
import StorefrontIcon from "@mui/icons-material/Storefront";
import TableRestaurantIcon from "@mui/icons-material/TableRestaurant";
import WidgetsIcon from "@mui/icons-material/Widgets";
import type SvgIcon from "@mui/material/SvgIcon";

/** One icon per accounts module (the ten groups of the permission catalogue). */
const MODULE_ICONS: Readonly<Record<string, typeof SvgIcon>> = {
  Store: StorefrontIcon,
  "Master Control": Inventory2Icon,
  Accounts: AccountBalanceIcon,
  POS: PointOfSaleIcon,
  Reports: AssessmentIcon,
  "Order View": ReceiptLongIcon,
  "Kitchen Display System": KitchenIcon,
  "Table Order": TableRestaurantIcon,
  BackUp: BackupIcon,
  Setting: SettingsIcon,
};

export const moduleIcon = (module: string): typeof SvgIcon => MODULE_ICONS[module] ?? WidgetsIcon;
