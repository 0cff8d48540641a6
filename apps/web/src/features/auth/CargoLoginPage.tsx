import { type CargoLogin, cargoLoginSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { homePathFor } from "../../app/screens";
import { BRAND_GRADIENT } from "../../app/theme";
import illustration from "../../assets/cargo-illustration.svg";
import { Brand } from "../../components/Brand";
import { FormTextField } from "../../components/FormTextField";
import { LazyResultDialog } from "../../components/LazyResultDialog";
import { useResultDialog } from "../../components/result-dialog-state";
import { errorMessage, SIGN_IN_NOTICE_KEY } from "../../lib/api";
import { useDocumentTitle } from "../../lib/document-title";
import { applyFieldIssues } from "../../lib/forms";
import { readSession } from "../../lib/session";
import { useCargoLogin } from "./api";
import { noticeFrom } from "./navigation";

export default function CargoLoginPage() {
  useDocumentTitle("Sign in");
  const navigate = useNavigate();
  const login = useCargoLogin();
  const result = useResultDialog();
  const { control, handleSubmit, setError } = useForm<CargoLogin>({
    resolver: zodResolver(cargoLoginSchema),
    defaultValues: { email: "", password: "" },
  });
  const [email, password] = useWatch({ control, name: ["email", "password"] });
  const busy = login.isPending || login.isSuccess;
  const location = useLocation();
  const { show } = result;

  // A session that ended (expired, or access withdrawn) says why, once.
  const [ended, setEnded] = useState<string | null>(null);
  useEffect(() => {
    const why = sessionStorage.getItem(SIGN_IN_NOTICE_KEY);
    if (!why) return;
    sessionStorage.removeItem(SIGN_IN_NOTICE_KEY);
    setEnded(why);
  }, []);

  // Registration and password reset land here with their Success message; show it once.
  useEffect(() => {
    const notice = noticeFrom(location.state);
    if (!notice) return;
    show(notice.title, notice.message);
    navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate, show]);

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      // A full page load, as the spec says, to the dashboard (or, for staff who may not open
      // it, to the first place they may go) so the signed-in app starts from a clean slate.
      onSuccess: () => window.location.assign(homePathFor(readSession()?.permissions ?? [])),
      onError: (error) => {
        applyFieldIssues(error, setError, ["email", "password"]);
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
        gridTemplateColumns: { xs: "1fr", md: "minmax(420px, 5fr) 7fr" },
        bgcolor: "background.paper",
      }}
    >
      <Box sx={{ display: "flex", flexDirection: "column", px: { xs: 3, sm: 8, lg: 10 }, py: 5 }}>
        <Brand />
        <Box sx={{ flex: 1, display: "flex", flexDirection: "column", justifyContent: "center", maxWidth: 420 }}>
          <Typography variant="h4" component="h1" sx={{ mt: 6 }}>
            Sign in
          </Typography>
          <Typography sx={{ color: "text.secondary", mt: 1, mb: 4 }}>
            Welcome back. Sign in with your e-mail to manage shipments, tracking and rates.
          </Typography>
          {ended && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="session-ended">
              {ended}
            </Alert>
          )}
          <Box component="form" noValidate onSubmit={onSubmit} aria-label="Cargo sign in">
            <Stack spacing={1}>
              <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
              <FormTextField
                control={control}
                name="password"
                label="Password"
                type="password"
                autoComplete="current-password"
              />
            </Stack>
            <Stack spacing={1.5} sx={{ mt: 1 }}>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={email.trim() === "" || password === "" || busy}
                startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                Sign In
              </Button>
              <Button variant="outlined" size="large" onClick={() => navigate("/cargo-register")}>
                Register
              </Button>
            </Stack>
            <Box sx={{ display: "flex", justifyContent: "center", mt: 2 }}>
              <Link component={RouterLink} to="/forgot-password" variant="body2">
                Forget Password
              </Link>
            </Box>
            <Box sx={{ display: "flex", justifyContent: "center", mt: 1 }}>
              <Link component={RouterLink} to="/tracking" variant="body2">
                Track a shipment
              </Link>
            </Box>
          </Box>
        </Box>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 4 }}>
          Accounts staff?{" "}
          <Link component={RouterLink} to="/accounts-login">
            Sign in to Accounts
          </Link>
        </Typography>
      </Box>
      <Box
        sx={{
          display: { xs: "none", md: "block" },
          position: "relative",
          overflow: "hidden",
          background: BRAND_GRADIENT,
          color: "common.white",
        }}
      >
        <Box sx={{ position: "absolute", left: 48, right: 48, top: 48 }}>
          <Typography variant="h4" component="p" sx={{ maxWidth: 460 }}>
            Every parcel, every route, every account in one place.
          </Typography>
          <Typography sx={{ opacity: 0.75, mt: 1.5, maxWidth: 420 }}>
            Shipments, tracking, rates and the books of your courier business.
          </Typography>
        </Box>
        <Box
          component="img"
          src={illustration}
          alt="A cargo plane flying a route over the globe above a stack of parcels"
          sx={{
            position: "absolute",
            inset: "200px 24px 0 24px",
            width: "calc(100% - 48px)",
            height: "calc(100% - 200px)",
            objectFit: "contain",
            objectPosition: "center bottom",
          }}
        />
      </Box>
      <LazyResultDialog {...result.dialogProps} />
    </Box>
  );
}
