import { type DealForm, type DealInput, type DealVariant, formatMinor, parseMinor } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  IconButton,
  Paper,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type Control, Controller, type FieldPath, useFieldArray, useWatch } from "react-hook-form";
import { LineGrid, RemoveLineCell } from "../../components/LineGrid";
import { NumberInput } from "../../components/NumberInput";
import type { KnownVariant } from "./deal-form";
import { VariantPicker } from "./VariantPicker";

type FormControl = Control<DealForm, unknown, DealInput>;

interface EditorProps {
  control: FormControl;
  known: ReadonlyMap<number, KnownVariant>;
  /** Keeps a picked variant's label and price for the pickers and the allocation preview. */
  remember: (variant: DealVariant) => void;
  disabled: boolean;
}

function PickerCell({
  control,
  name,
  label,
  known,
  remember,
  disabled,
}: EditorProps & { name: FieldPath<DealForm>; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <VariantPicker
          value={Number(field.value) || 0}
          known={known}
          onPick={(variant) => {
            if (variant) remember(variant);
            field.onChange(variant?.variantId ?? 0);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          error={fieldState.error?.message}
          disabled={disabled}
        />
      )}
    />
  );
}

/** The line's list price (unit price x quantity, in paisa), once its variant and a whole quantity are known. */
const listPrice = (known: ReadonlyMap<number, KnownVariant>, variantId: unknown, qty: unknown) => {
  const variant = known.get(Number(variantId));
  return variant && typeof qty === "number" && Number.isInteger(qty)
    ? formatMinor((parseMinor(variant.price) ?? 0n) * BigInt(qty))
    : "";
};

/** The fixed lines: a variant and its quantity, always in the deal. */
export function FixedLines(props: EditorProps & { groupCount: number; error: string | undefined }) {
  const { control, known, disabled, groupCount, error } = props;
  const lines = useFieldArray({ control, name: "fixed" });
  const watched = useWatch({ control, name: "fixed" }) ?? [];
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 1 }}>
        Fixed lines
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <LineGrid
        label="Fixed lines"
        headings={["#", "Variant", "Qty", { label: "List price", align: "right" }]}
        onAdd={() => lines.append({ variantId: 0, qty: 1 })}
        disabled={disabled}
      >
        {lines.fields.map((row, index) => (
          <TableRow key={row.id} sx={{ verticalAlign: "top" }}>
            <TableCell sx={{ pt: 2 }}>{index + 1}</TableCell>
            <TableCell>
              <PickerCell {...props} name={`fixed.${index}.variantId`} label={`Variant of line ${index + 1}`} />
            </TableCell>
            <TableCell>
              <NumberInput
                control={control}
                name={`fixed.${index}.qty`}
                label={`Qty of line ${index + 1}`}
                empty={null}
                compact
                disabled={disabled}
              />
            </TableCell>
            <TableCell align="right" sx={{ pt: 2, whiteSpace: "nowrap" }}>
              {listPrice(known, watched[index]?.variantId, watched[index]?.qty)}
            </TableCell>
            {/* A deal keeps at least one component: the last fixed line goes only when a choice group remains. */}
            <RemoveLineCell
              index={index}
              count={lines.fields.length + groupCount}
              onRemove={lines.remove}
              disabled={disabled}
            />
          </TableRow>
        ))}
      </LineGrid>
    </Box>
  );
}

function ChoiceGroup(props: EditorProps & { index: number; onRemove: () => void; error: string | undefined }) {
  const { control, known, disabled, index, onRemove, error } = props;
  const options = useFieldArray({ control, name: `choices.${index}.options` });
  const watched = useWatch({ control, name: `choices.${index}.options` }) ?? [];
  const group = `group ${index + 1}`;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="group" aria-label={`Choice ${group}`}>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
        <Controller
          control={control}
          name={`choices.${index}.label`}
          render={({ field: { ref, value, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              value={value ?? ""}
              size="small"
              label={`Label of ${group}`}
              placeholder="Choose a drink"
              required
              disabled={disabled}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              sx={{ minWidth: 240, flex: 1 }}
            />
          )}
        />
        <Box sx={{ width: 130 }}>
          <NumberInput
            control={control}
            name={`choices.${index}.minChoose`}
            label="Min picks"
            empty={null}
            disabled={disabled}
          />
        </Box>
        <Box sx={{ width: 130 }}>
          <NumberInput
            control={control}
            name={`choices.${index}.maxChoose`}
            label="Max picks"
            empty={null}
            disabled={disabled}
          />
        </Box>
        <Tooltip title={`Remove choice ${group}`}>
          <IconButton aria-label={`Remove choice ${group}`} onClick={onRemove} disabled={disabled}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      <LineGrid
        label={`Options of ${group}`}
        headings={["Variant", "Qty", "Extra price", "Default", { label: "List price", align: "right" }]}
        onAdd={() => options.append({ variantId: 0, qty: 1, extraPrice: 0, isDefault: false })}
        disabled={disabled}
      >
        {options.fields.map((row, optionIndex) => {
          const name = `option ${optionIndex + 1} of ${group}`;
          return (
            <TableRow key={row.id} sx={{ verticalAlign: "top" }}>
              <TableCell>
                <PickerCell
                  {...props}
                  name={`choices.${index}.options.${optionIndex}.variantId`}
                  label={`Variant of ${name}`}
                />
              </TableCell>
              <TableCell>
                <NumberInput
                  control={control}
                  name={`choices.${index}.options.${optionIndex}.qty`}
                  label={`Qty of ${name}`}
                  empty={null}
                  compact
                  disabled={disabled}
                />
              </TableCell>
              <TableCell>
                <NumberInput
                  control={control}
                  name={`choices.${index}.options.${optionIndex}.extraPrice`}
                  label={`Extra price of ${name}`}
                  empty={0}
                  compact
                  disabled={disabled}
                />
              </TableCell>
              <TableCell>
                <Controller
                  control={control}
                  name={`choices.${index}.options.${optionIndex}.isDefault`}
                  render={({ field: { value, onChange, ...field } }) => (
                    <Checkbox
                      {...field}
                      checked={value ?? false}
                      onChange={(event) => onChange(event.target.checked)}
                      disabled={disabled}
                      slotProps={{ input: { "aria-label": `Default ${name}` } }}
                    />
                  )}
                />
              </TableCell>
              <TableCell align="right" sx={{ pt: 2, whiteSpace: "nowrap" }}>
                {listPrice(known, watched[optionIndex]?.variantId, watched[optionIndex]?.qty)}
              </TableCell>
              <RemoveLineCell
                index={optionIndex}
                count={options.fields.length}
                onRemove={options.remove}
                disabled={disabled}
              />
            </TableRow>
          );
        })}
      </LineGrid>
    </Paper>
  );
}

/** The choice groups: a label, how many picks, and the options with their extra price and defaults. */
export function ChoiceGroups(
  props: EditorProps & {
    /** The message on a group's options as a whole (defaults out of range, none given). */
    optionsError: (index: number) => string | undefined;
  },
) {
  const { control, disabled, optionsError } = props;
  const groups = useFieldArray({ control, name: "choices" });
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        Choice groups
      </Typography>
      {groups.fields.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
          No choice group. Add one to let the customer pick, e.g. a drink.
        </Typography>
      ) : null}
      {groups.fields.map((row, index) => (
        <ChoiceGroup
          key={row.id}
          {...props}
          index={index}
          error={optionsError(index)}
          onRemove={() => groups.remove(index)}
        />
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() =>
          groups.append({
            label: "",
            minChoose: 1,
            maxChoose: 1,
            options: [{ variantId: 0, qty: 1, extraPrice: 0, isDefault: true }],
          })
        }
        disabled={disabled}
      >
        Add choice group
      </Button>
    </Box>
  );
}
