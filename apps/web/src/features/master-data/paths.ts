import { type PermissionEntry, perm } from "@cargodesk/shared";
import type { PartyKind } from "./api";

/** The routes of the master-data screens (spec section 2; the package routes follow the same pattern). */
export const MASTER_ROUTES = {
  addSender: "/cargo/sender/add_sender",
  viewSenders: "/cargo/sender/view_senders",
  editSender: "/cargo/sender/edit_sender",
  addReceiver: "/cargo/receiver/add_receiver",
  viewReceivers: "/cargo/receiver/view_receivers",
  editReceiver: "/cargo/receiver/edit_receiver",
  addCountry: "/cargo/country/add_country",
  viewCountries: "/cargo/country/view_countries",
  addPackage: "/cargo/package/add_package",
  viewPackages: "/cargo/package/view_packages",
  addService: "/cargo/service/add_service",
  viewServices: "/cargo/service/view_services",
  addCurrency: "/cargo/currency/add_currency",
  viewCurrencies: "/cargo/currency/view_currencies",
} as const;

export interface KindPermissions {
  readonly add: PermissionEntry;
  readonly view: PermissionEntry;
  readonly edit: PermissionEntry;
  readonly remove: PermissionEntry;
}

/** Each kind's four permissions, e.g. Sender > Sender Add / Sender View / Sender Edit / Sender Delete. */
const permissionsOf = (group: string): KindPermissions => ({
  add: perm(group, `${group} Add`),
  view: perm(group, `${group} View`),
  edit: perm(group, `${group} Edit`),
  remove: perm(group, `${group} Delete`),
});

export const MASTER_PERMISSIONS = {
  sender: permissionsOf("Sender"),
  receiver: permissionsOf("Receiver"),
  country: permissionsOf("Country"),
  package: permissionsOf("Packages"),
  service: permissionsOf("Service"),
  currency: permissionsOf("Currency"),
} as const;

export interface PartyScreens {
  /** "Sender" or "Receiver". */
  readonly noun: string;
  readonly plural: string;
  readonly add: string;
  readonly list: string;
  readonly edit: string;
  readonly permissions: KindPermissions;
}

export const PARTY_SCREENS: Record<PartyKind, PartyScreens> = {
  sender: {
    noun: "Sender",
    plural: "Senders",
    add: MASTER_ROUTES.addSender,
    list: MASTER_ROUTES.viewSenders,
    edit: MASTER_ROUTES.editSender,
    permissions: MASTER_PERMISSIONS.sender,
  },
  receiver: {
    noun: "Receiver",
    plural: "Receivers",
    add: MASTER_ROUTES.addReceiver,
    list: MASTER_ROUTES.viewReceivers,
    edit: MASTER_ROUTES.editReceiver,
    permissions: MASTER_PERMISSIONS.receiver,
  },
};
