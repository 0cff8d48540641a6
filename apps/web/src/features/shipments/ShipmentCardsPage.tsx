import { isStaffRole } from "@cargodesk/shared";
import SearchIcon from "@mui/icons-material/Search";
import { Alert, Box, Button, LinearProgress, Pagination, Paper, TextField, Typography } from "@mui/material";
import { type FormEvent, type ReactNode, useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { countOf } from "../../lib/format";
import { useSession } from "../../lib/session";
import { type DatePageParams, useShipmentPage, useShipmentsByDates } from "./api";
import { SHIPMENT_ROUTES, viewPath } from "./paths";
import { ShipmentCard } from "./ShipmentCard";

/** The spec's customer list: 10 cards a page, 100 a page for a date search. */
const PAGE_SIZE = 10;
const DATE_PAGE_SIZE = 100;

/**
 * View Shipments: one card per shipment (a customer's own only), paged, with a start and end date
 * search. A card opens the read-only view: staff at view_shipment_by_id, customers at shipment_by_id.
 */
export default function ShipmentCardsPage() {
  const session = useSession();
  const staff = session?.userType !== null && session?.userType !== undefined && isStaffRole(session.userType);
  const target = staff ? SHIPMENT_ROUTES.view : SHIPMENT_ROUTES.byId;
  const [startedDate, setStartedDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [range, setRange] = useState<Omit<DatePageParams, "page" | "size"> | null>(null);
  const [page, setPage] = useState(1);
  const pageList = useShipmentPage({ page, size: PAGE_SIZE, search: "" }, range === null);
  const dateList = useShipmentsByDates(range ? { ...range, page, size: DATE_PAGE_SIZE } : null);
  const list = range ? dateList : pageList;
  const size = range ? DATE_PAGE_SIZE : PAGE_SIZE;
  const pages = list.data ? (list.data.total_pages ?? Math.ceil(list.data.total_results / size)) : 0;
  const badRange = startedDate !== "" && endDate !== "" && endDate < startedDate;

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (startedDate === "" || endDate === "" || badRange) return;
    setRange({ startedDate, endDate });
    setPage(1);
  };
  const clear = () => {
    setStartedDate("");
    setEndDate("");
    setRange(null);
    setPage(1);
  };

  let body: ReactNode;
  if (list.isPending) body = <PageLoader label="Loading shipments" />;
  else if (list.isError)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Retry
          </Button>
        }
      >
        Could not load the shipments. {errorMessage(list.error)}
      </Alert>
    );
  else if (list.data.data.length === 0)
    body = <EmptyState title={range ? "No shipments between these dates." : "No shipments yet."} />;
  else
    body = (
      <Box
        component="ul"
        aria-label="Shipments"
        sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(300px, 1fr))", gap: 2, p: 0, m: 0 }}
      >
        {list.data.data.map((row) => (
          <ShipmentCard key={row.shipment_id} row={row} to={viewPath(row.shipment_id, target)} />
        ))}
      </Box>
    );

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="form"
          onSubmit={search}
          noValidate
          aria-label="Search shipments by date"
          sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}
        >
          <TextField
            label="Start Date"
            type="date"
            size="small"
            required
            value={startedDate}
            onChange={(event) => setStartedDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="End Date"
            type="date"
            size="small"
            required
            value={endDate}
            error={badRange}
            helperText={badRange ? "The end date is before the start date" : undefined}
            onChange={(event) => setEndDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startedDate || undefined } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SearchIcon />}
            disabled={startedDate === "" || endDate === "" || badRange}
          >
            Search
          </Button>
          {range ? <Button onClick={clear}>Show All</Button> : null}
          {list.data ? (
            <Typography variant="body2" role="status" sx={{ color: "text.secondary", ml: "auto", alignSelf: "center" }}>
              {range
                ? `${countOf(list.data.total_results, "shipment")} from ${range.startedDate} to ${range.endDate}`
                : countOf(list.data.total_results, "shipment")}
            </Typography>
          ) : null}
        </Box>
      </Paper>
      <Box sx={{ height: 4 }}>
        {list.isFetching && !list.isPending ? <LinearProgress aria-label="Loading" /> : null}
      </Box>
      {body}
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_, next) => setPage(next)}
          color="primary"
          sx={{ justifySelf: "center" }}
        />
      ) : null}
    </Box>
  );
}
