import { forgotPasswordSchema, resetPasswordSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, CircularProgress, Stack } from "@mui/material";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { LazyResultDialog } from "../../components/LazyResultDialog";
import { PublicFrame } from "../../components/PublicFrame";
import { useResultDialog } from "../../components/result-dialog-state";
import { errorMessage } from "../../lib/api";
import { useDocumentTitle } from "../../lib/document-title";
import { applyFieldIssues } from "../../lib/forms";
import { TextInput } from "../users/fields";
import { useForgotPassword, useResetPassword } from "./api";
import { signInState } from "./navigation";

const CODE_MESSAGE = "Please Enter the 6-digit Code";
const resetFormSchema = resetPasswordSchema.safeExtend({ code: z.string().regex(/^\d{6}$/, CODE_MESSAGE) });
type ResetForm = z.input<typeof resetFormSchema>;
type RequestForm = z.input<typeof forgotPasswordSchema>;

const spinner = (busy: boolean) => (busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined);

/** Stage 1: the e-mail and Reset Password, which has a code mailed. */
function RequestStage({ email, onSent }: { email: string; onSent: (email: string, message: string) => void }) {
  const request = useForgotPassword();
  const result = useResultDialog();
  const { control, handleSubmit, setError } = useForm<RequestForm>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email },
    mode: "onTouched",
  });
  const typed = useWatch({ control, name: "email" });
  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (answer) => onSent(values.email, answer.message),
      onError: (error) => {
        applyFieldIssues(error, setError, ["email"]);
        result.show("Error", errorMessage(error));
      },
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Request a reset code">
      <Stack spacing={1}>
        <TextInput control={control} name="email" label="Email" type="email" required autoComplete="email" />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={typed.trim() === "" || request.isPending}
          startIcon={spinner(request.isPending)}
        >
          Reset Password
        </Button>
      </Stack>
      <LazyResultDialog {...result.dialogProps} />
    </Box>
  );
}

/** Stage 2: the e-mail (locked), the mailed code, the new password twice, and Confirm. */
function ConfirmStage({
  email,
  sentMessage,
  onRestart,
}: {
  email: string;
  sentMessage: string;
  onRestart: () => void;
}) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const result = useResultDialog();
  const { control, handleSubmit, setError, trigger, getFieldState } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { email, code: "", password: "", confirmPassword: "" },
    mode: "onTouched",
  });
  const [code, password, confirmPassword] = useWatch({ control, name: ["code", "password", "confirmPassword"] });
  const onSubmit = handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: (answer) =>
        navigate("/cargo-login", { replace: true, state: signInState({ title: "Success", message: answer.message }) }),
      onError: (error) => {
        applyFieldIssues(error, setError, ["code", "password", "confirmPassword"]);
        result.show("Error", errorMessage(error));
      },
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Set a new password">
      <Alert severity="info" sx={{ mb: 3 }}>
        {sentMessage}
      </Alert>
      <Stack spacing={1}>
        <TextInput
          control={control}
          name="email"
          label="Email"
          type="email"
          disabled
          helperText="The code was sent here"
        />
        <TextInput
          control={control}
          name="code"
          label="Code"
          required
          typedAs="digits"
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          helperText="The 6-digit code from the e-mail"
        />
        <TextInput
          control={control}
          name="password"
          label="New Password"
          type="password"
          required
          autoComplete="new-password"
          helperText="At least 8 characters"
          onValueChange={() => {
            if (getFieldState("confirmPassword").isTouched) void trigger("confirmPassword");
          }}
        />
        <TextInput
          control={control}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          required
          autoComplete="new-password"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={code === "" || password === "" || !confirmPassword || reset.isPending}
          startIcon={spinner(reset.isPending)}
        >
          Confirm
        </Button>
        <Button onClick={onRestart} disabled={reset.isPending}>
          Send a new code
        </Button>
      </Stack>
      <LazyResultDialog {...result.dialogProps} />
    </Box>
  );
}

/** /forgot-password: two stages, then back to /cargo-login with the Success message. */
export default function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [email, setEmail] = useState("");
  const notice = useResultDialog();

  return (
    <PublicFrame
      title={sent ? "Set a new password" : "Forgot password"}
      subtitle={
        sent
          ? "Enter the code we e-mailed you and choose a new password."
          : "Enter the e-mail you sign in with and we will send you a code to reset your password."
      }
      width={460}
    >
      {sent ? (
        <ConfirmStage
          email={sent.email}
          sentMessage={sent.message}
          onRestart={() => {
            setEmail(sent.email);
            setSent(null);
          }}
        />
      ) : (
        <RequestStage
          email={email}
          onSent={(address, message) => {
            setSent({ email: address, message });
            notice.show("Success", message);
          }}
        />
      )}
      <LazyResultDialog {...notice.dialogProps} />
    </PublicFrame>
  );
}
