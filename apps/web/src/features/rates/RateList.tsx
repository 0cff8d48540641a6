import { RATE_LIST_PAGE_SIZE, type RateAnswer, type RateQuote } from "@cargodesk/shared";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { Box, Button, Chip, CircularProgress, Paper, Typography } from "@mui/material";
import { type Column, DataTable } from "../../components/DataTable";

const money = (value: number) => value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface RateListProps {
  answer: RateAnswer;
  /** The destination as the visitor chose it (the echo holds only its id). */
  destination: string;
  /** A profit was added (the inquiry): show the rate before it too. */
  withProfit: boolean;
  onSlip: () => void;
  slipBusy: boolean;
}

type Row = RateQuote & { key: string };

/** The spec's RATE LIST: the echoed request, then service and rate, 50 a page, and the QUOTATION SLIP (A4). */
export function RateList({ answer, destination, withProfit, onSlip, slipBusy }: RateListProps) {
  const [echo, ...quotes] = answer;
  const perDestination = echo.country_id === null && echo.zip === null;
  const columns: Column<Row>[] = [
    { key: "service", header: "Service", render: (row) => row.service },
    ...(perDestination
      ? [{ key: "destination", header: "Destination", render: (row: Row) => row.country ?? `Zip ${row.zip ?? ""}` }]
      : []),
    { key: "currency", header: "Currency", render: (row) => row.currency },
    ...(withProfit
      ? [
          {
            key: "base",
            header: "Rate before profit",
            align: "right" as const,
            render: (row: Row) => money(row.base_rate),
          },
        ]
      : []),
    { key: "rate", header: "Rate", align: "right", nowrap: true, render: (row) => <strong>{money(row.rate)}</strong> },
  ];
  const rows: Row[] = quotes.map((quote, index) => ({ ...quote, key: `${index}` }));
  const facts = [
    `Date ${echo.date}`,
    `Weight ${echo.weight} kg`,
    echo.shipment_type,
    destination,
    ...(echo.profit !== null ? [`Profit ${echo.profit}%`] : []),
  ];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="rate-list-title" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", justifyContent: "space-between" }}>
        <Typography id="rate-list-title" variant="h6" component="h2">
          RATE LIST
        </Typography>
        <Button
          variant="contained"
          color="secondary"
          onClick={onSlip}
          disabled={slipBusy}
          startIcon={slipBusy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <PictureAsPdfIcon />}
        >
          QUOTATION SLIP (A4)
        </Button>
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, my: 2 }} aria-label="Quoted for">
        {facts.map((fact) => (
          <Chip key={fact} label={fact} size="small" variant="outlined" />
        ))}
      </Box>
      <DataTable
        label="RATE LIST"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        defaultPageSize={RATE_LIST_PAGE_SIZE}
        emptyMessage="No rate for this request."
      />
    </Paper>
  );
}
