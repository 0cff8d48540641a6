import { z } from "zod";
import { idSchema } from "./input";
import { percentToBp } from "./pos-customers";

/** Halls and their dining tables (Master Control > Hall and > Table): the floor the POS and Table Order seat guests on. */
export const FLOOR_MESSAGES = {
  hallName: "Please enter the hall name",
  tableName: "Please enter the table name or number",
  hall: "Please choose a hall",
  sort: "The sort order is a whole number from 0 to 9999",
  serviceCharge: "The service charge is a percentage from 0 to 100 with at most 2 decimals",
  seats: "Seats are a whole number from 1 to 99",
  shape: "The shape is square, round or long",
  hallAdded: "Hall added successfully",
  hallUpdated: "Hall updated successfully",
  hallDeleted: "Hall deleted successfully",
  hallTaken: "A hall with this name already exists",
  hallHasTables: "This hall has tables; move or delete them first, or deactivate the hall",
  hallNotFound: "No such hall",
  tableAdded: "Table added successfully",
  tableUpdated: "Table updated successfully",
  tableDeleted: "Table deleted successfully",
  tableTaken: "This hall already has a table with this name",
  tableNotFound: "No such table",
  layoutSaved: "Layout saved successfully",
  layoutBounds: "Positions are whole numbers: x and y from 0 to 4000, width and height from 20 to 1000",
  layoutTables: "Send each table of the layout once",
} as const;

export const TABLE_SHAPES = ["square", "round", "long"] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

/** The floor canvas: positions and sizes are whole canvas units inside these bounds. */
export const FLOOR_BOUNDS = { maxX: 4000, maxY: 4000, minSize: 20, maxSize: 1000 } as const;

const sortSchema = z
  .number({ error: FLOOR_MESSAGES.sort })
  .int(FLOOR_MESSAGES.sort)
  .min(0, FLOOR_MESSAGES.sort)
  .max(9999, FLOOR_MESSAGES.sort)
  .default(0);

export const hallInputSchema = z.object({
  name: z
    .string({ error: FLOOR_MESSAGES.hallName })
    .trim()
    .min(1, FLOOR_MESSAGES.hallName)
    .max(60, FLOOR_MESSAGES.hallName),
  sort: sortSchema,
  /** Percent overriding the outlet's service charge in this hall; null keeps the outlet's. */
  serviceChargePercent: z
    .number({ error: FLOOR_MESSAGES.serviceCharge })
    .refine((value) => percentToBp(value) !== null, FLOOR_MESSAGES.serviceCharge)
    .nullable()
    .default(null),
  active: z.boolean().default(true),
});
export type HallInput = z.output<typeof hallInputSchema>;
export type HallForm = z.input<typeof hallInputSchema>;

export const hallSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  serviceChargePercent: z.number().nullable(),
  active: z.boolean(),
  tableCount: z.number().int(),
});
export type Hall = z.infer<typeof hallSchema>;
export const hallListSchema = z.object({ data: z.array(hallSchema), total_results: z.number().int() });
export const hallSavedSchema = z.object({ message: z.string(), data: hallSchema });

const seatsSchema = z
  .number({ error: FLOOR_MESSAGES.seats })
  .int(FLOOR_MESSAGES.seats)
  .min(1, FLOOR_MESSAGES.seats)
  .max(99, FLOOR_MESSAGES.seats);

export const tableInputSchema = z.object({
  hallId: idSchema(FLOOR_MESSAGES.hall),
  name: z
    .string({ error: FLOOR_MESSAGES.tableName })
    .trim()
    .min(1, FLOOR_MESSAGES.tableName)
    .max(40, FLOOR_MESSAGES.tableName),
  seats: seatsSchema.default(4),
  shape: z.enum(TABLE_SHAPES, { error: FLOOR_MESSAGES.shape }).default("square"),
  active: z.boolean().default(true),
});
export type TableInput = z.output<typeof tableInputSchema>;
export type TableForm = z.input<typeof tableInputSchema>;

export const tableSchema = z.object({
  id: z.number().int(),
  hallId: z.number().int(),
  hallName: z.string(),
  name: z.string(),
  seats: z.number().int(),
  shape: z.enum(TABLE_SHAPES),
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int(),
  h: z.number().int(),
  qrToken: z.string(),
  active: z.boolean(),
});
export type DiningTable = z.infer<typeof tableSchema>;
export const tableListSchema = z.object({ data: z.array(tableSchema), total_results: z.number().int() });
export const tableSavedSchema = z.object({ message: z.string(), data: tableSchema });

export const floorListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  active: z.enum(["true", "false"]).optional(),
  hallId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type FloorListQuery = z.infer<typeof floorListQuerySchema>;
export const floorIdParams = z.object({ id: idSchema() });

const coordinate = (max: number) =>
  z
    .number({ error: FLOOR_MESSAGES.layoutBounds })
    .int(FLOOR_MESSAGES.layoutBounds)
    .min(0, FLOOR_MESSAGES.layoutBounds)
    .max(max, FLOOR_MESSAGES.layoutBounds);
const extent = z
  .number({ error: FLOOR_MESSAGES.layoutBounds })
  .int(FLOOR_MESSAGES.layoutBounds)
  .min(FLOOR_BOUNDS.minSize, FLOOR_MESSAGES.layoutBounds)
  .max(FLOOR_BOUNDS.maxSize, FLOOR_MESSAGES.layoutBounds);

export const tableLayoutSchema = z.object({
  tables: z
    .array(
      z.object({
        id: idSchema(),
        x: coordinate(FLOOR_BOUNDS.maxX),
        y: coordinate(FLOOR_BOUNDS.maxY),
        w: extent,
        h: extent,
      }),
    )
    .min(1, FLOOR_MESSAGES.layoutTables)
    .max(2000, FLOOR_MESSAGES.layoutTables)
    .refine((rows) => new Set(rows.map((row) => row.id)).size === rows.length, FLOOR_MESSAGES.layoutTables),
});
export type TableLayout = z.infer<typeof tableLayoutSchema>;
export const tableLayoutSavedSchema = z.object({ message: z.string(), updated: z.number().int() });

// ---- Table upload ----

/** The columns of a table upload file, in the template's order; hall and name are required. */
export const TABLE_UPLOAD_COLUMNS = ["hall", "name", "seats", "shape"] as const;
/** The most rows one table upload may hold. */
export const TABLE_UPLOAD_ROWS = 2000;
export const TABLE_UPLOAD_MESSAGES = {
  unknownHall: "No hall has this name",
  repeated: "This name is repeated for the same hall in the file",
  tooManyRows: `A file holds at most ${TABLE_UPLOAD_ROWS} tables`,
  saved: (created: number) => `Saved: ${created} table(s) created`,
} as const;

export const tableUploadQuerySchema = z.object({
  dryRun: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => value === "true" || value === "1"),
});

/** The dry run: every row of the file with its errors (none anywhere: the file can be saved). */
export const tableCheckSchema = z.object({
  rows: z.array(
    z.object({
      row: z.number().int(),
      hall: z.string(),
      name: z.string(),
      errors: z.array(z.object({ column: z.string(), message: z.string() })),
    }),
  ),
});
export type TableCheck = z.infer<typeof tableCheckSchema>;
export const tableUploadedSchema = z.object({ message: z.string(), created: z.number().int() });
