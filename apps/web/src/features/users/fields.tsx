import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Skeleton } from "@mui/material";
import { useId } from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { BoundField } from "../../components/FormFields";
import type { Role } from "./api";

/** How a field rewrites what is typed: names and company text are upper-cased; CNIC keeps digits only. */
export type TypedAs = "upper" | "digits" | "phone" | "plain";

function rewrite(input: HTMLInputElement, as: TypedAs, maxLength: number | undefined): string {
  let next = input.value;
  if (as === "upper") next = next.toUpperCase();
  else if (as === "digits") next = next.replace(/\D/g, "");
  else if (as === "phone") next = next.replace(/[^\d+]/g, "");
  if (maxLength !== undefined) next = next.slice(0, maxLength);
  if (next !== input.value) {
    // Keep the caret where it was; a controlled re-render alone would move it to the end.
    const caret = Math.min(input.selectionStart ?? next.length, next.length);
    input.value = next;
    input.setSelectionRange(caret, caret);
  }
  return next;
}

interface TextInputProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  typedAs?: TypedAs;
  maxLength?: number;
  type?: "text" | "email" | "password" | "url";
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "tel" | "email" | "url";
  disabled?: boolean;
  helperText?: string;
  /** Runs after each change, e.g. to re-check a dependent field. */
  onValueChange?: (value: string) => void;
  /** An optional field the schema checks only when given: empty means not given. */
  blankAsUndefined?: boolean;
}

/** A labelled text input bound to react-hook-form; the shared schema's message shows under it. */
export function TextInput<T extends FieldValues, TOut>({
  typedAs = "plain",
  maxLength,
  type = "text",
  autoComplete = "off",
  inputMode,
  helperText,
  onValueChange,
  blankAsUndefined = false,
  ...props
}: TextInputProps<T, TOut>) {
  return (
    <BoundField
      {...props}
      parse={(input) => {
        const next = rewrite(input, typedAs, maxLength);
        return blankAsUndefined && next === "" ? undefined : next;
      }}
      afterChange={(input) => onValueChange?.(input.value)}
      type={type}
      autoComplete={autoComplete}
      hint={helperText}
      slotProps={{ htmlInput: { maxLength, inputMode } }}
    />
  );
}

interface RoleChooserProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  roles: readonly Role[] | undefined;
  loading: boolean;
  loadError: boolean;
  onRoleChange?: (role: number) => void;
}

/** The Account Type chooser: one radio button per role the server offers. */
export function RoleChooser<T extends FieldValues, TOut>({
  control,
  name,
  roles,
  loading,
  loadError,
  onRoleChange,
}: RoleChooserProps<T, TOut>) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur }, fieldState }) => (
        <FormControl required error={fieldState.error !== undefined || loadError} component="fieldset">
          <FormLabel id={labelId} component="legend">
            Account Type
          </FormLabel>
          {loading ? (
            <Skeleton variant="text" width={280} height={42} aria-label="Loading account types" />
          ) : (
            <RadioGroup
              row
              aria-labelledby={labelId}
              name={String(name)}
              value={typeof value === "number" && value > 0 ? String(value) : ""}
              onChange={(event) => {
                const role = Number(event.target.value);
                onChange(role);
                onRoleChange?.(role);
              }}
              onBlur={onBlur}
            >
              {(roles ?? []).map((role, index) => (
                <FormControlLabel
                  key={role.id}
                  value={String(role.id)}
                  control={<Radio slotProps={{ input: { ref: index === 0 ? ref : undefined } }} />}
                  label={role.role}
                />
              ))}
            </RadioGroup>
          )}
          <FormHelperText>
            {loadError
              ? "The account types could not be loaded. Reload the page to try again."
              : (fieldState.error?.message ?? " ")}
          </FormHelperText>
        </FormControl>
      )}
    />
  );
}
