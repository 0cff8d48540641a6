import {
  COUNT_REASON_LABELS,
  COUNT_REASONS,
  formatMinor,
  MICRO,
  mulDivRound,
  parseMinor,
  parseQtyMicro,
  type StockCountDetail,
  type stockCountUpdateSchema,
} from "@cargodesk/shared";
import { MenuItem, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { type Control, useWatch } from "react-hook-form";
import type { z } from "zod";
import { BoundField } from "../../components/FormFields";
import { CellNumberInput } from "../../components/LineGrid";

export type CountForm = z.input<typeof stockCountUpdateSchema>;
export type CountControl = Control<CountForm, unknown, z.output<typeof stockCountUpdateSchema>>;

const qty = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** The form's lines from a count: every product, counted or not yet. */
export const formOf = (count: StockCountDetail): CountForm => ({
  lines: count.lines.map((line) => ({
    storeProductId: line.storeProductId,
    countedQty: line.countedQty,
    uomId: line.stockUomId,
    reason: line.reason,
  })),
});

/** Counted minus book at the snapshot, and its value at the book average (the server posts the exact figure). */
function difference(book: number, average: number | null, counted: unknown) {
  if (typeof counted !== "number" || !Number.isFinite(counted)) return null;
  const countedMicro = parseQtyMicro(counted);
  const bookMicro = parseQtyMicro(book);
  if (countedMicro === null || bookMicro === null) return null;
  const diff = countedMicro - bookMicro;
  const rate = average === null ? null : parseMinor(average);
  return { diff, value: rate === null ? null : mulDivRound(rate, diff, MICRO) };
}

/** The count grid: book quantity at the snapshot, a Counted input, the difference and its value, a reason. */
export function CountGrid({
  count,
  control,
  disabled,
}: {
  count: StockCountDetail;
  control: CountControl;
  disabled: boolean;
}) {
  const lines = useWatch({ control, name: "lines" }) ?? [];
  return (
    <Table size="small" aria-label="Count lines">
      <TableHead>
        <TableRow>
          <TableCell>Code</TableCell>
          <TableCell>Product</TableCell>
          <TableCell>UOM</TableCell>
          <TableCell align="right">Book Qty</TableCell>
          <TableCell>Counted</TableCell>
          <TableCell align="right">Diff Qty</TableCell>
          <TableCell align="right">Diff Value</TableCell>
          <TableCell>Reason</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {count.lines.map((line, index) => {
          const change = difference(line.bookQty, line.averageRate, lines[index]?.countedQty);
          const posted = count.status === "posted";
          return (
            <TableRow key={line.storeProductId} data-testid={`count-line-${line.code}`}>
              <TableCell>{line.code}</TableCell>
              <TableCell>{line.name}</TableCell>
              <TableCell>{line.stockUom}</TableCell>
              <TableCell align="right">{qty(line.bookQty)}</TableCell>
              <TableCell>
                <CellNumberInput
                  control={control}
                  name={`lines.${index}.countedQty`}
                  empty={null}
                  accessibleName={`Counted ${line.name}`}
                  disabled={disabled || posted}
                  hint={null}
                  width={130}
                />
              </TableCell>
              <TableCell align="right" data-testid={`diff-${line.code}`}>
                {posted ? qty(line.diffQty ?? 0) : change ? qty(Number(change.diff) / Number(MICRO)) : ""}
              </TableCell>
              <TableCell align="right">
                {posted
                  ? formatMinor(parseMinor(line.diffValue ?? 0) ?? 0n)
                  : change?.value != null
                    ? formatMinor(change.value)
                    : ""}
              </TableCell>
              <TableCell>
                <BoundField
                  control={control}
                  name={`lines.${index}.reason`}
                  select
                  size="small"
                  fullWidth={false}
                  hint={null}
                  parse={(input) => (input.value === "" ? null : input.value)}
                  disabled={disabled || posted}
                  slotProps={{
                    htmlInput: { "aria-label": `Reason for ${line.name}` },
                    select: { displayEmpty: true },
                  }}
                  sx={{ width: 150 }}
                >
                  <MenuItem value="">None</MenuItem>
                  {COUNT_REASONS.map((reason) => (
                    <MenuItem key={reason} value={reason}>
                      {COUNT_REASON_LABELS[reason]}
                    </MenuItem>
                  ))}
                </BoundField>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
