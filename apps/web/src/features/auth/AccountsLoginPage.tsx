import { type AccountsLogin, accountsLoginSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, CircularProgress, Link, Paper, Stack, Typography } from "@mui/material";
import { useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router";
import { HOME_PATH } from "../../app/screens";
import { BRAND_GRADIENT } from "../../app/theme";
import { Brand } from "../../components/Brand";
import { FormTextField } from "../../components/FormTextField";
import { LazyResultDialog } from "../../components/LazyResultDialog";
import { useResultDialog } from "../../components/result-dialog-state";
import { errorMessage } from "../../lib/api";
import { useDocumentTitle } from "../../lib/document-title";
import { applyFieldIssues } from "../../lib/forms";
import { useAccountsLogin } from "./api";

/** The accounts sign-in, at /accounts-login and /login: user name and password. */
export default function AccountsLoginPage() {
  useDocumentTitle("Accounts sign in");
  const navigate = useNavigate();
  const login = useAccountsLogin();
  const result = useResultDialog();
  const { control, handleSubmit, setError } = useForm<AccountsLogin>({
    resolver: zodResolver(accountsLoginSchema),
    defaultValues: { userName: "", password: "" },
  });
  const [userName, password] = useWatch({ control, name: ["userName", "password"] });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => navigate(HOME_PATH, { replace: true }),
      onError: (error) => {
        applyFieldIssues(error, setError, ["userName", "password"]);
        result.show("Error", errorMessage(error));
      },
    }),
  );

  return (
    <Box
      component="main"
      sx={{
        minHeight: "100vh",
        display: "grid",
        placeItems: "center",
        px: 2,
        background: BRAND_GRADIENT,
      }}
    >
      <Paper sx={{ width: "100%", maxWidth: 420, p: { xs: 3, sm: 5 } }} elevation={8}>
        <Brand />
        <Typography variant="h5" component="h1" sx={{ mt: 4 }}>
          Accounts sign in
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5, mb: 3 }}>
          Vouchers, ledgers, reports and settings.
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Accounts sign in">
          <Stack spacing={1}>
            <FormTextField control={control} name="userName" label="User Name" autoComplete="username" autoFocus />
            <FormTextField
              control={control}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={userName.trim() === "" || password === "" || login.isPending}
              startIcon={login.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              Sign In
            </Button>
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 3 }}>
          Cargo staff and customers:{" "}
          <Link component={RouterLink} to="/cargo-login">
            sign in with e-mail
          </Link>
        </Typography>
      </Paper>
      <LazyResultDialog {...result.dialogProps} />
    </Box>
  );
}
