import AppsIcon from "@mui/icons-material/Apps";
import LocalShippingIcon from "@mui/icons-material/LocalShipping";
import { Box, Button, Card, CardActionArea, CardContent, type SvgIcon, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { type AccountsModule, availableModules, cargoEntryFor, HOME_PATH, homePathFor } from "../../app/screens";
import { EmptyState } from "../../components/EmptyState";
import { useSession } from "../../lib/session";
import { moduleIcon } from "./module-icons";

interface TileProps {
  name: string;
  to: string;
  description: string;
  Icon: typeof SvgIcon;
}

function Tile({ name, to, description, Icon }: TileProps) {
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardActionArea component={RouterLink} to={to} data-testid={`home-tile-${name}`} sx={{ height: "100%", p: 1 }}>
        <CardContent sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Box
            sx={{
              width: 48,
              height: 48,
              borderRadius: 2,
              display: "grid",
              placeItems: "center",
              bgcolor: "primary.main",
              color: "primary.contrastText",
            }}
            aria-hidden
          >
            <Icon />
          </Box>
          <Typography variant="h6" component="h2">
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {description}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function ModuleTile({ module }: { module: AccountsModule }) {
  const [first] = module.screens;
  if (!first) return null;
  return (
    <Tile
      name={module.name}
      to={first.path}
      description={[...new Set(module.screens.map((screen) => screen.menu.group))].join(", ")}
      Icon={moduleIcon(module.name)}
    />
  );
}

/** Module tiles: one per accounts module that has at least one screen this user may open. */
export default function HomePage() {
  const session = useSession();
  const permissions = session?.permissions ?? [];
  const modules = availableModules(permissions);
  const cargo = cargoEntryFor(permissions);

  if (modules.length === 0) {
    const elsewhere = homePathFor(permissions);
    return (
      <EmptyState
        icon={<AppsIcon />}
        titleAs="h2"
        title="No modules are available to you yet"
        description="Your account does not hold a permission for any accounts module. Ask an administrator to grant the ones your work needs."
        action={
          elsewhere !== HOME_PATH ? (
            <Button component={RouterLink} to={elsewhere} variant="contained">
              Go to your cargo screens
            </Button>
          ) : undefined
        }
      />
    );
  }

  return (
    <Box>
      <Typography sx={{ color: "text.secondary", mb: 3 }}>Choose a module to start.</Typography>
      <Box
        component="ul"
        aria-label="Modules"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          display: "grid",
          gap: 2,
          gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
        }}
      >
        {modules.map((module) => (
          <li key={module.name}>
            <ModuleTile module={module} />
          </li>
        ))}
        {cargo ? (
          <li>
            <Tile
              name="Cargo"
              to={cargo}
              description="Shipments, tracking, rates, customers and their ledgers"
              Icon={LocalShippingIcon}
            />
          </li>
        ) : null}
      </Box>
    </Box>
  );
}
