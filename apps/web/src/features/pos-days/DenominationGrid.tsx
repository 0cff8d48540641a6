import type { Denomination } from "@cargodesk/shared";
import { Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, TextField } from "@mui/material";
import { money } from "../../lib/format";
import { COIN, countOfText, gridText } from "./denominations";

/**
 * Cash counted note by note (5000 to 10, then coins as their total): the count of each, its amount
 * and the total, which becomes the float or the counted cash.
 */
export function DenominationGrid({
  label,
  value,
  onChange,
  disabled = false,
}: {
  /** Names the grid and its boxes for screen readers, e.g. "A01 opening float". */
  label: string;
  value: readonly Denomination[];
  onChange: (grid: Denomination[]) => void;
  disabled?: boolean;
}) {
  const setCount = (index: number, count: number) =>
    onChange(value.map((row, at) => (at === index ? { ...row, count } : row)));
  return (
    <Box sx={{ maxWidth: 360 }}>
      <Table size="small" aria-label={`${label} by denomination`}>
        <TableHead>
          <TableRow>
            <TableCell>Note</TableCell>
            <TableCell align="right">Count</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {value.map((row, index) => {
            const coins = row.denomination === COIN;
            const name = coins ? "Coins (rupees)" : money(row.denomination);
            return (
              <TableRow key={row.denomination}>
                <TableCell>{name}</TableCell>
                <TableCell align="right" sx={{ py: 0.25 }}>
                  <TextField
                    size="small"
                    value={row.count === 0 ? "" : String(row.count)}
                    placeholder="0"
                    onChange={(event) => setCount(index, countOfText(event.target.value))}
                    disabled={disabled}
                    sx={{ width: 96 }}
                    slotProps={{
                      htmlInput: {
                        inputMode: "numeric",
                        "aria-label": `${label}: ${coins ? "coins" : `count of ${name}`}`,
                      },
                    }}
                  />
                </TableCell>
                <TableCell align="right">{money(row.denomination * row.count)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={2} sx={{ fontWeight: 600, color: "text.primary" }}>
              Total
            </TableCell>
            <TableCell
              align="right"
              sx={{ fontWeight: 600, color: "text.primary" }}
              data-testid={`${label}-grid-total`}
            >
              {gridText(value)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}
