import { AppError } from "../../lib/app-error";

/** The one outlet seeded today; every hall belongs to it until outlets can be added. */
export const OUTLET_ID = 1;

/** A name already used answers 409 naming the field. */
export const nameTaken = (message: string) => new AppError("RECORD_DUPLICATE", message, [{ field: "name", message }]);

/** A unique index hit by a simultaneous save answers the same 409 as the check before it. */
export function asDuplicate(index: string, message: string) {
  return (error: unknown): never => {
    if (String((error as { cause?: unknown })?.cause ?? error).includes(index)) throw nameTaken(message);
    throw error;
  };
}

export const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
