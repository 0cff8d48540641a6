import { type RegistrationInput, registrationSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import SaveIcon from "@mui/icons-material/Save";
import { Box, Button, Checkbox, CircularProgress, FormControl, FormControlLabel, FormHelperText } from "@mui/material";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { useRegister } from "./api";
import { TextInput } from "./fields";
import {
  emptyUserForm,
  missingRequired,
  publicRegistrationSchema,
  serverFieldErrors,
  type UserFormValues,
} from "./form";
import { TermsDialog } from "./TermsDialog";
import { FormSection, UserFormSections, useUploadsBusy } from "./UserFormSections";

const FIELDS = new Set(Object.keys(emptyUserForm()).concat("userName"));
const isFormField = (name: string): name is keyof UserFormValues => FIELDS.has(name);

interface RegistrationFormProps {
  /** Public: a visitor signs up (pending customer). Admin: staff add an approved user of any role. */
  variant: "public" | "admin";
  /** The public page leaves for the sign-in page with the server's message. */
  onRegistered?: (message: string) => void;
}

/** The registration form of both variants (spec 2.4 Registration). */
export function RegistrationForm({ variant, onRegistered }: RegistrationFormProps) {
  const register = useRegister(variant);
  const result = useResultDialog();
  const uploads = useUploadsBusy();
  const [termsOpen, setTermsOpen] = useState(false);
  // Remounting the image fields after a save forgets their chosen files.
  const [round, setRound] = useState(0);
  const form = useForm<UserFormValues, unknown, RegistrationInput>({
    resolver: zodResolver(variant === "public" ? publicRegistrationSchema : registrationSchema),
    defaultValues: emptyUserForm(),
    mode: "onTouched",
  });
  const { control, handleSubmit, setError, setValue, trigger, getFieldState, reset, formState } = form;
  const values = useWatch({ control });
  const hasErrors = Object.keys(formState.errors).length > 0;
  const incomplete = missingRequired({ ...emptyUserForm(), ...values }, variant);

  const onSubmit = handleSubmit((input) =>
    register.mutate(input, {
      onSuccess: (answer) => {
        if (onRegistered) {
          onRegistered(answer.message);
          return;
        }
        reset(emptyUserForm());
        setRound((current) => current + 1);
        result.show("Success", answer.message);
      },
      onError: (error) => {
        for (const issue of serverFieldErrors(error)) {
          if (isFormField(issue.field)) setError(issue.field, { type: "server", message: issue.message });
        }
        result.show("Error", errorMessage(error));
      },
    }),
  );

  const recheckConfirm = () => {
    if (getFieldState("confirmPassword").isTouched) void trigger("confirmPassword");
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={variant === "public" ? "Registration" : "Add user"}
      sx={{ display: "grid", gap: 2 }}
    >
      <UserFormSections key={round} form={form} variant={variant} onUploadBusy={uploads.reporters} />

      <FormSection title="Password">
        <TextInput
          control={control}
          name="password"
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          maxLength={200}
          helperText="At least 8 characters"
          onValueChange={recheckConfirm}
        />
        <TextInput
          control={control}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          required
          autoComplete="new-password"
          maxLength={200}
        />
      </FormSection>

      <Controller
        control={control}
        name="term_and_condition"
        render={({ field: { ref, value, onBlur }, fieldState }) => (
          <FormControl error={fieldState.error !== undefined} required={variant === "public"}>
            <FormControlLabel
              label="I accept the Terms of Use"
              control={
                <Checkbox
                  slotProps={{ input: { ref } }}
                  checked={value === true}
                  onBlur={onBlur}
                  onChange={(event) => {
                    // Ticking opens the terms; OK in them marks them accepted. Unticking is immediate.
                    if (event.target.checked) setTermsOpen(true);
                    else setValue("term_and_condition", false, { shouldValidate: fieldState.isTouched });
                  }}
                />
              }
            />
            <FormHelperText sx={{ mt: -0.5 }}>{fieldState.error?.message ?? " "}</FormHelperText>
          </FormControl>
        )}
      />

      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={incomplete || hasErrors || uploads.busy || register.isPending}
          startIcon={register.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
          sx={{ minWidth: 160 }}
        >
          Save
        </Button>
      </Box>

      <TermsDialog
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          setValue("term_and_condition", true, { shouldValidate: true, shouldTouch: true });
          setTermsOpen(false);
        }}
      />
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
