import { perm } from "@cargodesk/shared";

/** Setting > Day Open, Day Close and DayOpen Record (design section 1.2, routes 43-45; the spec's spelling). */
export const POS_DAY_ROUTES = {
  open: "/setting/opening",
  close: "/setting/closing",
  record: "/setting/dayOpen_record",
} as const;

export const POS_DAY_PERMISSIONS = {
  open: perm("Setting", "Day Open"),
  close: perm("Setting", "Day Close"),
  record: perm("Setting", "DayOpen Record"),
} as const;
