import { Box, Card, CardActionArea, CardContent, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { mayOpen, moduleOf, SCREENS, type Screen } from "../../app/screens";
import { EmptyState } from "../../components/EmptyState";
import { useSession } from "../../lib/session";
import { REPORT_ROUTES } from "./criteria";

/** What each report answers, in a line. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  [REPORT_ROUTES.posSales]: "What the business days sold, by item, category, hour, counter or cashier.",
  [REPORT_ROUTES.waste]: "Store products thrown away (voids after firing), at cost.",
  [REPORT_ROUTES.foodCost]: "Kitchen usage against the recipes of the sales, waste, variance and the food cost %.",
  [REPORT_ROUTES.purchases]: "GRNs posted per vendor: gross, tax, total owed and landed value.",
  [REPORT_ROUTES.ledger]: "An account's entries with opening, running and closing balance.",
  [REPORT_ROUTES.ledgerList]: "The ledger for dates given in the address, ready to bookmark.",
  [REPORT_ROUTES.trial]: "Opening, during and closing per account, debits and credits.",
  [REPORT_ROUTES.trialReport]: "The trial balance grouped by the chart's levels.",
  [REPORT_ROUTES.chart]: "The chart of accounts with every level's balance.",
  [REPORT_ROUTES.summary]: "Vouchers of one type over a period.",
  [REPORT_ROUTES.summaryDetails]: "The vouchers of the summary with their lines.",
  [REPORT_ROUTES.profitLoss]: "Sales, cost of goods sold, gross and net profit.",
  [REPORT_ROUTES.aging]: "One account's open debits in 15-day buckets.",
  [REPORT_ROUTES.receivablesAging]: "Every customer's open debits in 15-day buckets.",
  [REPORT_ROUTES.cashBook]: "A cash or bank account's entries with the accounts on the other side.",
};

/** The hub's sections: the restaurant's reports first, then the accounting ones (the side menu's Reports group). */
const SECTIONS = [
  { title: "Restaurant", group: "Restaurant" },
  { title: "Accounts", group: "Reports" },
] as const;

function ReportCard({ screen }: { screen: Screen }) {
  const Icon = screen.icon;
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardActionArea component={RouterLink} to={screen.path} sx={{ height: "100%", p: 0.5 }}>
        <CardContent sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
          <Box
            sx={{
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: 2,
              display: "grid",
              placeItems: "center",
              bgcolor: "primary.main",
              color: "primary.contrastText",
            }}
            aria-hidden
          >
            <Icon fontSize="small" />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {screen.title}
            </Typography>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {DESCRIPTIONS[screen.path] ?? screen.menu.item}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * /report, the Reports module's home: every report screen the user may open, grouped Restaurant and
 * Accounts. Each entry follows its own screen's gate, so an accounting report shows for its own
 * Accounts category as well as for Reports.
 */
export default function ReportsHubPage() {
  const session = useSession();
  const held = session?.permissions ?? [];
  const reports = SCREENS.filter(
    (screen) =>
      moduleOf(screen) === "Reports" &&
      screen.path !== REPORT_ROUTES.hub &&
      screen.inMenu !== false &&
      mayOpen(held, screen),
  );
  const sections = SECTIONS.map((section) => ({
    ...section,
    screens: reports.filter((screen) => screen.menu.group === section.group),
  })).filter((section) => section.screens.length > 0);

  if (sections.length === 0)
    return <EmptyState title="No reports" description="You may not open any report. Ask an administrator." />;
  return (
    <Stack spacing={3}>
      {sections.map((section) => (
        <Box component="section" key={section.title} aria-label={section.title}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {section.title}
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))" }}>
            {section.screens.map((screen) => (
              <ReportCard key={screen.path} screen={screen} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
