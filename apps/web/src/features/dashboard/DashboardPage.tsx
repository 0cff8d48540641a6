import { isStaffRole } from "@cargodesk/shared";
import { Box, LinearProgress, Skeleton, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { formatDateTime, fullName } from "../../lib/format";
import { useSession } from "../../lib/session";
import { useMe } from "../auth/api";
import { useUserType } from "../cargo-ledger/user-type";
import { type DashboardCriteria, dashboardKeys, useDashboard } from "./api";
import { DashboardChart } from "./DashboardChart";
import { DashboardFilters } from "./DashboardFilters";
import { DashboardLists } from "./DashboardLists";
import { DashboardTiles } from "./DashboardTiles";
import { defaultRange, shortDate } from "./dates";

/** Who is signed in and when they last were, in one line over the figures. */
function Welcome({ scope }: { scope: string }) {
  const session = useSession();
  const me = useMe(session !== null);
  if (me.isPending) return <Skeleton variant="text" width={360} />;
  const name = me.data ? fullName(me.data.firstName, me.data.lastName) || me.data.userName : "";
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2, rowGap: 0.5, alignItems: "baseline" }}>
      <Typography variant="h5" component="h2">
        {name ? `Welcome, ${name}` : "Welcome"}
      </Typography>
      <Typography sx={{ color: "text.secondary" }}>{scope}</Typography>
      <Typography sx={{ color: "text.secondary", ml: { sm: "auto" } }}>
        Last sign-in: {formatDateTime(me.data?.lastLogin)}
      </Typography>
    </Box>
  );
}

function Figures({ dashboard }: { dashboard: ReturnType<typeof useDashboard> }) {
  if (dashboard.isPending) return <PageLoader label="Loading the dashboard" />;
  if (dashboard.isError)
    return <ReportError error={dashboard.error} what="the dashboard" onRetry={() => void dashboard.refetch()} />;
  const data = dashboard.data;
  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: "minmax(0, 1fr)" }} aria-busy={dashboard.isFetching}>
      <Box sx={{ minHeight: 4 }}>{dashboard.isFetching ? <LinearProgress aria-label="Refreshing" /> : null}</Box>
      <Typography sx={{ color: "text.secondary", mt: -2 }} data-testid="dashboard-scope">
        {data.customer ? data.customer.name : "Whole company"} · {shortDate(data.startedDate)} to{" "}
        {shortDate(data.endDate)}
      </Typography>
      <DashboardTiles tiles={data.tiles} />
      <DashboardChart days={data.chart} />
      <DashboardLists data={data} />
    </Box>
  );
}

/**
 * The cargo dashboard (/cargo/dashboard/dashboard), where cargo sign-in lands: a date range
 * (the last 30 days by default, ending no later than today) with Refresh, the tiles, a chart of
 * C/Ns per day and the C/N and payment lists. Customers see their own; staff the company's, or one
 * customer's.
 */
export default function DashboardPage() {
  const userType = useUserType();
  const session = useSession();
  const client = useQueryClient();
  const [criteria, setCriteria] = useState<DashboardCriteria>(() => ({ ...defaultRange(), userId: null }));
  // Nothing is asked once the session has ended (a 401 clears it while the page unloads).
  const dashboard = useDashboard(criteria, session !== null);
  if (userType === null || session === null) return <PageLoader />;
  const staff = isStaffRole(userType);

  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Welcome scope={staff ? "Company dashboard" : "Your shipments and account"} />
      <DashboardFilters
        initial={criteria}
        staff={staff}
        refreshing={dashboard.isFetching}
        onRefresh={(next) => {
          // The same criteria again fetch afresh; new ones are a new query.
          if (JSON.stringify(next) === JSON.stringify(criteria))
            void client.invalidateQueries({ queryKey: dashboardKeys.figures(criteria) });
          else setCriteria(next);
        }}
      />
      <Figures dashboard={dashboard} />
    </Box>
  );
}
