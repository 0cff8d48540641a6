import { createTheme } from "@mui/material/styles";

const navy = "#0f2a4a";
const focusRing = "#f59e0b";

/** The night-sky gradient behind the sign-in pages. */
export const BRAND_GRADIENT = `linear-gradient(160deg, #0c2340 0%, #163d6b 55%, #1f5a96 100%)`;

export const theme = createTheme({
  palette: {
    primary: { main: "#1d5fa8", dark: navy, light: "#5aa2e6", contrastText: "#ffffff" },
    secondary: { main: "#f59e0b", contrastText: navy },
    background: { default: "#f4f6fa", paper: "#ffffff" },
    text: { primary: "#14213d", secondary: "#5b6b82" },
    divider: "#e3e8f0",
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: "2rem", fontWeight: 700 },
    h4: { fontWeight: 700, letterSpacing: "-0.01em" },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Keyboard users always see where they are.
        "a:focus-visible, button:focus-visible, [role='button']:focus-visible, [role='menuitem']:focus-visible, [tabindex]:focus-visible":
          { outline: `3px solid ${focusRing}`, outlineOffset: 2 },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: "#e3e8f0" } } },
    MuiTableCell: {
      styleOverrides: {
        head: { fontWeight: 600, backgroundColor: "#f7f9fc", color: "#41516b", whiteSpace: "nowrap" },
      },
    },
    MuiTextField: { defaultProps: { variant: "outlined" } },
  },
});
