import { Alert, Box, Paper, Typography } from "@mui/material";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import type { RoleScope } from "./api";
import { useRoles } from "./api";
import { RoleChooser, TextInput } from "./fields";
import {
  COMPANY_FIELDS,
  IMAGE_FIELDS,
  IMAGE_LABELS,
  type ImageField,
  isStaffChoice,
  type UserFormValues,
} from "./form";
import { ImageUploadField } from "./ImageUploadField";

export type UserFormVariant = "public" | "admin" | "edit";

/** A titled block of the form; its fields sit in a two-column grid on wide screens. */
export function FormSection({ title, rowGap = 1, children }: { title: string; rowGap?: number; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ display: "grid", rowGap, columnGap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {children}
      </Box>
    </Paper>
  );
}

/** Tracks which image uploads are running, so Save waits for them. */
export function useUploadsBusy() {
  const [running, setRunning] = useState<ReadonlySet<ImageField>>(new Set());
  const reporters = useMemo(() => {
    const reporter = (field: ImageField) => (busy: boolean) =>
      setRunning((current) => {
        if (current.has(field) === busy) return current;
        const next = new Set(current);
        if (busy) next.add(field);
        else next.delete(field);
        return next;
      });
    return {
      companyLogo: reporter("companyLogo"),
      cnicFrontImage: reporter("cnicFrontImage"),
      cnicBackImage: reporter("cnicBackImage"),
    } satisfies Record<ImageField, (busy: boolean) => void>;
  }, []);
  return { busy: running.size > 0, reporters };
}

interface UserFormSectionsProps<TOut> {
  form: UseFormReturn<UserFormValues, unknown, TOut>;
  variant: UserFormVariant;
  onUploadBusy: Record<ImageField, (busy: boolean) => void>;
}

/**
 * The fields registration and edit share: personal data, Account Type, company data (hidden for
 * roles 1 and 4, whose company name and address the server fixes) and the three images.
 */
export function UserFormSections<TOut>({ form, variant, onUploadBusy }: UserFormSectionsProps<TOut>) {
  const { control, setValue, clearErrors } = form;
  const scope: RoleScope = variant === "public" ? "customer" : "all";
  const roles = useRoles(scope);
  const role = useWatch({ control, name: "role" });
  const staff = isStaffChoice(role);
  const all = variant === "public";

  // Staff accounts send no company data: blank it so hidden fields can neither block nor leak.
  const onRoleChange = useCallback(
    (next: number) => {
      if (!isStaffChoice(next)) return;
      for (const field of COMPANY_FIELDS) setValue(field, field === "companyLogo" ? null : "");
      clearErrors([...COMPANY_FIELDS]);
    },
    [setValue, clearErrors],
  );

  const images = IMAGE_FIELDS.filter((field) => !(staff && field === "companyLogo"));

  return (
    <>
      <FormSection title="Personal details">
        <TextInput control={control} name="firstName" label="First Name" required typedAs="upper" maxLength={100} />
        <TextInput control={control} name="lastName" label="Last Name" required={all} typedAs="upper" maxLength={100} />
        <TextInput
          control={control}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete={variant === "public" ? "email" : "off"}
          inputMode="email"
          maxLength={200}
        />
        <TextInput
          control={control}
          name="phone_number"
          label="Cell Number"
          required
          typedAs="phone"
          maxLength={11}
          inputMode="tel"
          helperText="e.g. 03001234567"
        />
        <TextInput
          control={control}
          name="cnic"
          label="CNIC"
          required
          typedAs="digits"
          maxLength={13}
          inputMode="numeric"
          helperText="13 digits, without dashes"
        />
        {variant === "admin" ? (
          <TextInput
            control={control}
            name="userName"
            label="User Name"
            maxLength={60}
            blankAsUndefined
            helperText="For the accounts sign-in; made from the e-mail when left blank"
          />
        ) : null}
      </FormSection>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <RoleChooser
          control={control}
          name="role"
          roles={roles.data}
          loading={roles.isPending}
          loadError={roles.isError}
          onRoleChange={onRoleChange}
        />
        {staff ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            Admin and employee accounts belong to the company: its own name and address are used, and no company details
            are asked for.
          </Alert>
        ) : null}
      </Paper>

      {staff ? null : (
        <FormSection title="Company details">
          <TextInput
            control={control}
            name="companyName"
            label="Company Name"
            required
            typedAs="upper"
            maxLength={150}
          />
          <TextInput
            control={control}
            name="webSite"
            label="Website"
            type="url"
            required={all}
            inputMode="url"
            maxLength={300}
            helperText="e.g. https://example.com"
          />
          <TextInput control={control} name="gst" label="GST" required={all} typedAs="upper" maxLength={50} />
          <TextInput control={control} name="ntn" label="NTN" required typedAs="upper" maxLength={50} />
          <Box sx={{ gridColumn: { md: "1 / -1" } }}>
            <TextInput
              control={control}
              name="address"
              label="Company Address"
              required
              typedAs="upper"
              maxLength={300}
            />
          </Box>
        </FormSection>
      )}

      <FormSection title="Documents" rowGap={2}>
        {images.map((field) => (
          <Controller
            key={field}
            control={control}
            name={field}
            render={({ field: { value, onChange }, fieldState }) => (
              <ImageUploadField
                label={IMAGE_LABELS[field]}
                value={value ?? null}
                onChange={onChange}
                showStored={variant !== "public"}
                onBusyChange={onUploadBusy[field]}
                required={all}
                error={fieldState.error?.message}
                testId={`image-${field}`}
              />
            )}
          />
        ))}
      </FormSection>
    </>
  );
}
