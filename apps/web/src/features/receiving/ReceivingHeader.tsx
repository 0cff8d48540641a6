import type { ReceivingCreateForm, ReceivingSaved, Vendor } from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from "@mui/material";
import { type ReactNode, useState } from "react";
import { Controller, type FieldPath } from "react-hook-form";
import { errorMessage } from "../../lib/api";
import { openBlankWindow, showInWindow } from "../../lib/files";
import { useDebouncedValue } from "../../lib/hooks";
import { useVendors } from "../vendors/api";
import { grnPdf } from "./api";
import type { FormControl } from "./ReceivingLines";

/** The vendor, searched among the active ones. */
export function VendorPicker({ control, disabled }: { control: FormControl; disabled: boolean }) {
  const [input, setInput] = useState("");
  const search = useDebouncedValue(input.trim());
  const vendors = useVendors({ search: search || undefined, active: "true", size: 20, page: 1 });
  const [picked, setPicked] = useState<Vendor | null>(null);
  return (
    <Controller
      control={control}
      name="vendorId"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={vendors.data?.data ?? []}
          value={picked && picked.id === field.value ? picked : null}
          onChange={(_, vendor) => {
            setPicked(vendor);
            field.onChange(vendor?.id ?? 0);
          }}
          inputValue={input}
          onInputChange={(_, text) => setInput(text)}
          getOptionLabel={(vendor) => `${vendor.name} (${vendor.code})`}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(options) => options}
          loading={vendors.isFetching}
          disabled={disabled}
          noOptionsText="No active vendor matches"
          renderInput={(params) => (
            <TextField
              {...params}
              required
              label="Vendor"
              onBlur={field.onBlur}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? " "}
            />
          )}
        />
      )}
    />
  );
}

/** A text, date or select input bound to the form, with its message under it. */
export function TextInput({
  control,
  name,
  label,
  type = "text",
  required = false,
  disabled,
  select,
  children,
  max,
}: {
  control: FormControl;
  name: FieldPath<ReceivingCreateForm>;
  label: string;
  type?: "text" | "date";
  required?: boolean;
  disabled: boolean;
  select?: boolean;
  children?: ReactNode;
  max?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...field}
          inputRef={ref}
          value={value ?? ""}
          label={label}
          type={type}
          select={select}
          required={required}
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? " "}
          slotProps={{
            inputLabel: type === "date" ? { shrink: true } : undefined,
            htmlInput: max ? { max } : undefined,
          }}
          fullWidth
        >
          {children}
        </TextField>
      )}
    />
  );
}

/** After saving: the GRN and voucher numbers, Print GRN, and a fresh form. */
export function PostedDialog({ saved, onClose }: { saved: ReceivingSaved | null; onClose: () => void }) {
  const [printError, setPrintError] = useState<string | null>(null);
  const print = () => {
    if (!saved) return;
    const target = openBlankWindow(saved.number ?? "GRN");
    showInWindow(() => grnPdf(saved.id), target).catch((error: unknown) => setPrintError(errorMessage(error)));
  };
  return (
    <Dialog open={saved !== null} onClose={onClose} aria-labelledby="grn-posted-title">
      <DialogTitle id="grn-posted-title">{saved?.number ? "Receiving posted" : "Receiving saved"}</DialogTitle>
      <DialogContent>
        {saved?.number ? (
          <Typography>
            GRN number <strong data-testid="grn-number">{saved.number}</strong>
            {saved.voucherNo ? (
              <>
                , voucher <strong data-testid="grn-voucher">{saved.voucherNo}</strong>
              </>
            ) : (
              " (no voucher: nothing to pay)"
            )}
            .
          </Typography>
        ) : (
          <Typography>Saved as a draft. It gets its GRN number when it is posted from Receiving List.</Typography>
        )}
        {printError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {printError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<PrintIcon />} onClick={print}>
          Print GRN
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          New receiving
        </Button>
      </DialogActions>
    </Dialog>
  );
}
