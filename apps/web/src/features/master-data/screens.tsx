import AddBusinessIcon from "@mui/icons-material/AddBusiness";
import AddLocationAltIcon from "@mui/icons-material/AddLocationAlt";
import CallMadeIcon from "@mui/icons-material/CallMade";
import CallReceivedIcon from "@mui/icons-material/CallReceived";
import CurrencyExchangeIcon from "@mui/icons-material/CurrencyExchange";
import EditNoteIcon from "@mui/icons-material/EditNote";
import Inventory2Icon from "@mui/icons-material/Inventory2";
import LocalShippingIcon from "@mui/icons-material/LocalShipping";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import PostAddIcon from "@mui/icons-material/PostAdd";
import PublicIcon from "@mui/icons-material/Public";
import { type ComponentType, lazy } from "react";
import type { Screen } from "../../app/screens";
import type { PartyKind } from "./api";
import { MASTER_PERMISSIONS as P, MASTER_ROUTES as R } from "./paths";

type SimplePage =
  | "CountryAddPage"
  | "CountryListPage"
  | "PackageAddPage"
  | "PackageListPage"
  | "ServiceAddPage"
  | "ServiceListPage"
  | "CurrencyAddPage"
  | "CurrencyListPage";

/** One page of SimplePages as its own lazily loaded screen component. */
const simple = (name: SimplePage) =>
  lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await import("./SimplePages"))[name] }));

/** The sender and receiver pages share their code; each route gets its own lazily loaded instance. */
const party = (page: "add" | "list" | "edit", kind: PartyKind) =>
  lazy(async (): Promise<{ default: ComponentType }> => {
    if (page === "add") {
      const { PartyAddPage } = await import("./PartyAddPage");
      return { default: () => <PartyAddPage kind={kind} /> };
    }
    if (page === "list") {
      const { PartyListPage } = await import("./PartyListPage");
      return { default: () => <PartyListPage kind={kind} /> };
    }
    const { PartyEditPage } = await import("./PartyEditPage");
    return { default: () => <PartyEditPage kind={kind} /> };
  });

/** Sender, Receiver, Country, Package, Service and Currency: SCREENS in app/screens.tsx includes them. */
export const MASTER_DATA_SCREENS: readonly Screen[] = [
  {
    path: R.addSender,
    title: "Add Sender",
    area: "cargo",
    permission: P.sender.add,
    menu: { group: "Sender", item: "Add Sender" },
    icon: PersonAddAlt1Icon,
    component: party("add", "sender"),
  },
  {
    path: R.viewSenders,
    title: "Sender Details",
    area: "cargo",
    permission: P.sender.view,
    menu: { group: "Sender", item: "View Senders" },
    icon: CallMadeIcon,
    component: party("list", "sender"),
  },
  {
    // Opened by View Sender as `?id=N`; from the menu it first asks which sender.
    path: R.editSender,
    title: "Edit Sender",
    area: "cargo",
    permission: P.sender.edit,
    menu: { group: "Sender", item: "Edit Sender" },
    icon: EditNoteIcon,
    component: party("edit", "sender"),
  },
  {
    path: R.addReceiver,
    title: "Add Receiver",
    area: "cargo",
    permission: P.receiver.add,
    menu: { group: "Receiver", item: "Add Receiver" },
    icon: PersonAddAlt1Icon,
    component: party("add", "receiver"),
  },
  {
    path: R.viewReceivers,
    title: "Receiver Details",
    area: "cargo",
    permission: P.receiver.view,
    menu: { group: "Receiver", item: "View Receivers" },
    icon: CallReceivedIcon,
    component: party("list", "receiver"),
  },
  {
    path: R.editReceiver,
    title: "Edit Receiver",
    area: "cargo",
    permission: P.receiver.edit,
    menu: { group: "Receiver", item: "Edit Receiver" },
    icon: EditNoteIcon,
    component: party("edit", "receiver"),
  },
  {
    path: R.addCountry,
    // DESIGN section 9: "Add Country" (the old system's "Add Hall" was a slip).
    title: "Add Country",
    area: "cargo",
    permission: P.country.add,
    menu: { group: "Country", item: "Add Country" },
    icon: AddLocationAltIcon,
    component: simple("CountryAddPage"),
  },
  {
    path: R.viewCountries,
    title: "Country Details",
    area: "cargo",
    permission: P.country.view,
    menu: { group: "Country", item: "View Countries" },
    icon: PublicIcon,
    component: simple("CountryListPage"),
  },
  {
    path: R.addPackage,
    title: "Add Package",
    area: "cargo",
    permission: P.package.add,
    menu: { group: "Package", item: "Add Package" },
    icon: PostAddIcon,
    component: simple("PackageAddPage"),
  },
  {
    path: R.viewPackages,
    title: "Packages Details",
    area: "cargo",
    permission: P.package.view,
    menu: { group: "Package", item: "View Packages" },
    icon: Inventory2Icon,
    component: simple("PackageListPage"),
  },
  {
    path: R.addService,
    title: "Add Service",
    area: "cargo",
    permission: P.service.add,
    menu: { group: "Service", item: "Add Service" },
    icon: AddBusinessIcon,
    component: simple("ServiceAddPage"),
  },
  {
    path: R.viewServices,
    title: "Service List",
    area: "cargo",
    permission: P.service.view,
    menu: { group: "Service", item: "View Services" },
    icon: LocalShippingIcon,
    component: simple("ServiceListPage"),
  },
  {
    path: R.addCurrency,
    title: "Add Currency",
    area: "cargo",
    permission: P.currency.add,
    menu: { group: "Currency", item: "Add Currency" },
    icon: PlaylistAddIcon,
    component: simple("CurrencyAddPage"),
  },
  {
    path: R.viewCurrencies,
    title: "Currency List",
    area: "cargo",
    permission: P.currency.view,
    menu: { group: "Currency", item: "View Currencies" },
    icon: CurrencyExchangeIcon,
    component: simple("CurrencyListPage"),
  },
];
