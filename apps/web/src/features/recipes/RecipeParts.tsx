import { formatMinor, parseMinor, type RecipeMenu } from "@cargodesk/shared";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { formatInstant } from "../../lib/dates";
import { useRecipeVersions } from "./api";
import { recipeEditPath } from "./paths";

/** Every version of the variant's recipe with the date it took effect; an old one opens to be restored as a new version. */
export function VersionHistory({ variantId }: { variantId: number }) {
  const versions = useRecipeVersions(variantId);
  const rows = versions.data?.versions ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Version history
      </Typography>
      {versions.isPending ? (
        <Typography variant="body2">Loading versions…</Typography>
      ) : rows.length === 0 ? (
        <Typography variant="body2">No version yet: saving makes version 1.</Typography>
      ) : (
        <Table size="small" aria-label="Version history">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Effective from</TableCell>
              <TableCell>By</TableCell>
              <TableCell align="right">Lines</TableCell>
              <TableCell align="right">Cost now</TableCell>
              <TableCell>State</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <RouterLink to={recipeEditPath(row.id)}>Version {row.version}</RouterLink>
                </TableCell>
                <TableCell>{formatInstant(row.effectiveFrom)}</TableCell>
                <TableCell>{row.editedBy ?? "—"}</TableCell>
                <TableCell align="right">{row.lineCount}</TableCell>
                <TableCell align="right">{formatMinor(parseMinor(row.cost) ?? 0n)}</TableCell>
                <TableCell>{row.active ? "current" : "kept for past sales"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** Copy from variant: another variant's current recipe, each quantity times a factor (M -> L x 1.3). */
export function CopyDialog({
  open,
  menu,
  exceptVariantId,
  busy,
  onCopy,
  onClose,
}: {
  open: boolean;
  menu: RecipeMenu;
  exceptVariantId: number | null;
  busy: boolean;
  onCopy: (recipeId: number, factor: number) => void;
  onClose: () => void;
}) {
  const [source, setSource] = useState("");
  const [factor, setFactor] = useState("1");
  const choices = menu.flatMap((product) =>
    product.variants.filter((variant) => variant.recipeId !== null && variant.variantId !== exceptVariantId),
  );
  const factorNumber = Number(factor);
  const factorOk =
    factor.trim() !== "" && factorNumber > 0 && factorNumber <= 1000 && /^\d+(\.\d{1,3})?$/.test(factor.trim());
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Copy from variant</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
        <TextField select label="Copy the recipe of" value={source} onChange={(event) => setSource(event.target.value)}>
          {choices.length === 0 ? <MenuItem disabled>No other variant has a recipe yet</MenuItem> : null}
          {choices.map((variant) => (
            <MenuItem key={variant.variantId} value={String(variant.recipeId)}>
              {variant.label} (version {variant.version})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Scale factor"
          value={factor}
          onChange={(event) => setFactor(event.target.value)}
          error={!factorOk}
          helperText={
            factorOk
              ? "Each quantity is multiplied by this, e.g. 1.3 from M to L"
              : "A number above 0 with at most 3 decimals"
          }
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!source || !factorOk || busy}
          onClick={() => onCopy(Number(source), factorNumber)}
        >
          Copy lines
        </Button>
      </DialogActions>
    </Dialog>
  );
}
