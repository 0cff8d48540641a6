import { Alert, Box, Button, Paper, TextField, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { errorMessage } from "../../lib/api";
import { companyToday } from "../../lib/dates";
import { useSaveStockLock, useStockLock } from "./api";

/** The stock lock date: Store documents (receiving, issuance, counts) cannot be dated before it. */
export function StockLockSetting({ canEdit }: { canEdit: boolean }) {
  const setting = useStockLock();
  const save = useSaveStockLock();
  const stored = setting.data?.stockLockDate ?? "";
  const [value, setValue] = useState(stored);
  useEffect(() => setValue(stored), [stored]);
  const changed = value !== stored;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Stock lock date">
      <Typography variant="h6" component="h2">
        Stock lock date
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5, mb: 2 }}>
        Receiving, issuance and stock counts cannot be dated before this day, so the stock of a period you have closed
        stays as it is. Leave it empty for no lock.
      </Typography>
      <Box
        component="form"
        sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ stockLockDate: value || null });
        }}
      >
        <TextField
          type="date"
          label="Lock stock before"
          size="small"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          disabled={!canEdit || setting.isPending || save.isPending}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: companyToday() } }}
        />
        {canEdit ? (
          <Button type="submit" variant="contained" disabled={!changed || save.isPending}>
            {save.isPending ? "Saving..." : "Save lock date"}
          </Button>
        ) : null}
      </Box>
      {save.isSuccess && !changed ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          {save.data.message}
        </Alert>
      ) : null}
      {setting.error ? (
        <Alert severity="error">Could not load the lock date. {errorMessage(setting.error)}</Alert>
      ) : null}
      {save.error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(save.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}
