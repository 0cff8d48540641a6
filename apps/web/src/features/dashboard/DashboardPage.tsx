import { Box, Button, Card, CardActionArea, CardContent, Chip, Paper, Skeleton, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { DASHBOARD_PATH, HOME_PATH, permittedScreens, type Screen } from "../../app/screens";
import { formatDateTime, fullName } from "../../lib/format";
import { useSession } from "../../lib/session";
import { useMe } from "../auth/api";

function greeting(now: Date): string {
  const hour = now.getHours();
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

function ScreenCard({ screen }: { screen: Screen }) {
  const Icon = screen.icon;
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardActionArea component={RouterLink} to={screen.path} sx={{ height: "100%" }}>
        <CardContent sx={{ display: "flex", gap: 2, alignItems: "center" }}>
          <Box
            aria-hidden
            sx={{
              width: 44,
              height: 44,
              flexShrink: 0,
              borderRadius: 2,
              display: "grid",
              placeItems: "center",
              bgcolor: "rgba(29, 95, 168, 0.1)",
              color: "primary.main",
            }}
          >
            <Icon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{screen.title}</Typography>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {screen.area === "cargo" ? screen.menu.group : `Accounts · ${screen.permission.name}`}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function Welcome() {
  const me = useMe();
  if (me.isPending) {
    return (
      <Box aria-busy>
        <Skeleton variant="text" width={320} height={44} />
        <Skeleton variant="text" width={240} />
      </Box>
    );
  }
  if (!me.data) {
    return (
      <Typography variant="h5" component="h2">
        {greeting(new Date())}
      </Typography>
    );
  }
  const name = fullName(me.data.firstName, me.data.lastName) || me.data.userName;
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h2">
          {greeting(new Date())}, {name}
        </Typography>
        <Chip label={me.data.role} color="primary" size="small" />
      </Box>
      <Typography sx={{ color: "text.secondary", mt: 0.5 }}>
        Last sign-in: {formatDateTime(me.data.lastLogin)}
      </Typography>
    </Box>
  );
}

/** The cargo landing page: who is signed in and the screens they may open. */
export default function DashboardPage() {
  const session = useSession();
  const screens = permittedScreens(session?.permissions ?? []).filter((screen) => screen.path !== DASHBOARD_PATH);
  // The cargo shell lists cargo screens; the accounts modules are one link to their tiles.
  const ordered = screens.filter((screen) => screen.area === "cargo");
  const hasAccounts = screens.some((screen) => screen.area === "accounts");

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 3 }}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Welcome />
      </Paper>
      <Box component="section" aria-labelledby="dashboard-screens">
        <Typography id="dashboard-screens" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Your screens
        </Typography>
        {hasAccounts && (
          <Button component={RouterLink} to={HOME_PATH} variant="outlined" sx={{ mb: 2 }}>
            Open the accounts modules
          </Button>
        )}
        {ordered.length === 0 && !hasAccounts ? (
          <Typography sx={{ color: "text.secondary" }}>
            No other screens are open to your account yet. Ask an administrator if you need more access.
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              listStyle: "none",
              p: 0,
              m: 0,
              display: "grid",
              gap: 2,
              gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
            }}
          >
            {ordered.map((screen) => (
              <li key={screen.path}>
                <ScreenCard screen={screen} />
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
