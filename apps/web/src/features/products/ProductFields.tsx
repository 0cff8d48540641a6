import { PRODUCT_TRACKING, type ProductForm, type ProductInput, type ProductTracking } from "@cargodesk/shared";
import {
  Autocomplete,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from "@mui/material";
import { type Control, Controller } from "react-hook-form";
import { BoundField } from "../../components/FormFields";

type FormControl_ = Control<ProductForm, unknown, ProductInput>;

const TRACKING_TEXT: Record<ProductTracking, string> = {
  recipe: "Recipe (ingredients per variant)",
  direct: "Direct (one store product per sale)",
  none: "None",
};

export function TrackingField({ control, disabled }: { control: FormControl_; disabled: boolean }) {
  return (
    <Controller
      control={control}
      name="track"
      render={({ field: { value, onChange }, fieldState }) => (
        <FormControl component="fieldset" error={fieldState.error !== undefined} disabled={disabled}>
          <FormLabel component="legend">Stock tracking *</FormLabel>
          <RadioGroup row value={value ?? "recipe"} onChange={(event) => onChange(event.target.value)}>
            {PRODUCT_TRACKING.map((track) => (
              <FormControlLabel key={track} value={track} label={TRACKING_TEXT[track]} control={<Radio />} />
            ))}
          </RadioGroup>
          <FormHelperText>{fieldState.error?.message ?? " "}</FormHelperText>
        </FormControl>
      )}
    />
  );
}

/** A select of ids with an empty choice meaning none (tax class, station, category). */
export function IdSelect({
  control,
  name,
  label,
  options,
  placeholder,
  hint = " ",
  required = false,
  disabled,
}: {
  control: FormControl_;
  name: "categoryId" | "taxClassId" | "stationId";
  label: string;
  options: readonly { id: number; label: string; indent?: boolean }[];
  placeholder: string;
  hint?: string;
  required?: boolean;
  disabled: boolean;
}) {
  return (
    <BoundField
      control={control}
      name={name}
      select
      label={label}
      required={required}
      show={(value) => (value === null || value === undefined ? "" : String(value))}
      parse={(input) => (input.value === "" ? null : Number(input.value))}
      disabled={disabled}
      hint={hint}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{placeholder}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)} sx={option.indent ? { pl: 4 } : undefined}>
          {option.label}
        </MenuItem>
      ))}
    </BoundField>
  );
}

/** Sizes or flavours chosen for the grid, offered in their list's order. */
export function OptionsPicker({
  label,
  options,
  value,
  onChange,
  loading,
  disabled,
  hint,
}: {
  label: string;
  options: readonly { id: number; name: string }[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  loading: boolean;
  disabled: boolean;
  hint: string;
}) {
  return (
    <Autocomplete
      multiple
      options={options as { id: number; name: string }[]}
      value={options.filter((option) => value.includes(option.id))}
      onChange={(_event, chosen) => onChange(chosen.map((option) => option.id))}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={loading}
      disabled={disabled}
      filterSelectedOptions
      renderInput={(params) => <TextField {...params} label={label} helperText={hint} />}
    />
  );
}
