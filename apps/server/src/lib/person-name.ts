import { sql } from "drizzle-orm";
import { users } from "../db/schema/index";

/** A person as receipts and lists name them: first and last name, or the user name when both are empty. */
export const personName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.userName})`;
