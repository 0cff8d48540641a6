import type { Counter, PaymentMethod, Printer, Station, TaxClass } from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import { Box, Paper, Tab, Tabs, Typography } from "@mui/material";
import { useId, useState } from "react";
import type { Column } from "../../components/DataTable";
import { statusColumn } from "../../components/ListPage";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction } from "../../components/RowAction";
import { errorMessage } from "../../lib/api";
import { useOutletSettings, useRecordName, useTestPrint } from "./api";
import { printBrowserTestPage } from "./browser-test-page";
import { CounterEditor } from "./CounterEditor";
import { METHOD_KIND_LABELS, ORDER_TYPE_LABELS, PRINTER_KIND_LABELS, percentOf, STATION_MODE_LABELS } from "./labels";
import { OutletSettingsForm } from "./OutletSettingsForm";
import { PrinterEditor, StationEditor } from "./PrinterStationEditors";
import { RecordTable } from "./RecordTable";
import { PaymentMethodEditor, TaxClassEditor } from "./TaxPaymentEditors";

const TABS = ["POS Settings", "Tax Classes", "Payment Methods", "Counters", "Kitchen Stations", "Printers"] as const;

/** What each sub-table calls its records (its buttons, dialogs and messages say it), what it is for, and its editor. */
const TABLES = {
  tax_class: {
    noun: "Tax Class",
    description:
      "Each menu product carries a tax class. A payment method may have its own rate (e.g. a lower card rate).",
    editor: TaxClassEditor,
  },
  payment_method: {
    noun: "Payment Method",
    description: "The tenders the POS takes. Card and bank money lands in a bank account; cash in the counter's own.",
    editor: PaymentMethodEditor,
  },
  counter: {
    noun: "Counter",
    description: "Each counter (till) keeps its own cash account under the cash group; the day close counts it.",
    editor: CounterEditor,
  },
  station: {
    noun: "Kitchen Station",
    description: "Menu categories and products are sent to a station: its display, its printer, or both.",
    editor: StationEditor,
  },
  printer: {
    noun: "Printer",
    description:
      "Receipt and kitchen printers. Test print sends a network printer a test page now; a browser printer prints it through the print dialog.",
    editor: PrinterEditor,
  },
} as const;

function TaxClasses({ editable }: { editable: boolean }) {
  const methodName = useRecordName("payment_method");
  const columns: Column<TaxClass>[] = [
    { key: "name", header: "Tax Class", render: (row) => row.name },
    { key: "rate", header: "Rate", align: "right", render: (row) => percentOf(row.rateBp) },
    {
      key: "methodRates",
      header: "By Payment Method",
      render: (row) =>
        row.methodRates.length === 0
          ? "—"
          : row.methodRates.map((rate) => `${methodName(rate.paymentMethodId)} ${percentOf(rate.rateBp)}`).join(", "),
    },
    { key: "account", header: "Tax Payable Account", render: (row) => row.accountName },
    statusColumn(),
  ];
  return <RecordTable kind="tax_class" {...TABLES.tax_class} columns={columns} editable={editable} />;
}

const METHOD_COLUMNS: Column<PaymentMethod>[] = [
  { key: "name", header: "Payment Method", render: (row) => row.name },
  { key: "kind", header: "Kind", render: (row) => METHOD_KIND_LABELS[row.kind] },
  {
    key: "account",
    header: "Account",
    render: (row) => row.accountName ?? (row.kind === "cash" ? "Counter's cash account" : "Not set"),
  },
  { key: "drawer", header: "Opens Drawer", render: (row) => (row.opensDrawer ? "Yes" : "No") },
  { key: "counted", header: "Counted at Close", render: (row) => (row.countedAtClose ? "Yes" : "No") },
  { key: "sort", header: "Sort", align: "right", render: (row) => row.sort },
  statusColumn(),
];

function Counters({ editable }: { editable: boolean }) {
  const printerName = useRecordName("printer");
  const columns: Column<Counter>[] = [
    { key: "code", header: "Code", render: (row) => row.code },
    { key: "name", header: "Counter", render: (row) => row.name },
    { key: "cash", header: "Cash Account", render: (row) => row.cashAccountName },
    { key: "printer", header: "Receipt Printer", render: (row) => printerName(row.receiptPrinterId) },
    { key: "type", header: "Default Order Type", render: (row) => ORDER_TYPE_LABELS[row.defaultOrderType] },
    statusColumn(),
  ];
  return <RecordTable kind="counter" {...TABLES.counter} columns={columns} editable={editable} />;
}

function Stations({ editable }: { editable: boolean }) {
  const printerName = useRecordName("printer");
  const columns: Column<Station>[] = [
    { key: "name", header: "Station", render: (row) => row.name },
    { key: "mode", header: "Mode", render: (row) => STATION_MODE_LABELS[row.mode] },
    { key: "printer", header: "Printer", render: (row) => printerName(row.printerId) },
    { key: "target", header: "Target (min)", align: "right", render: (row) => row.targetMinutes },
    { key: "alert", header: "Alert (min)", align: "right", render: (row) => row.alertMinutes },
    statusColumn(),
  ];
  return <RecordTable kind="station" {...TABLES.station} columns={columns} editable={editable} />;
}

const PRINTER_COLUMNS: Column<Printer>[] = [
  { key: "name", header: "Printer", render: (row) => row.name },
  { key: "kind", header: "Kind", render: (row) => PRINTER_KIND_LABELS[row.kind] },
  {
    key: "address",
    header: "Address",
    render: (row) => (row.kind === "network_escpos" ? `${row.host}:${row.port}` : "—"),
  },
  { key: "width", header: "Width", align: "right", render: (row) => `${row.widthChars} chars` },
  statusColumn(),
];

function Printers({ editable }: { editable: boolean }) {
  const testPrint = useTestPrint();
  const result = useResultDialog();
  const runTest = (printer: Printer) =>
    testPrint.mutate(printer.id, {
      onSuccess: (answer) => {
        result.show("Success", answer.message);
        if (printer.kind === "browser") printBrowserTestPage(printer);
      },
      onError: (error) => result.show("Error", errorMessage(error)),
    });
  return (
    <>
      <RecordTable
        kind="printer"
        {...TABLES.printer}
        columns={PRINTER_COLUMNS}
        editable={editable}
        extraActions={
          editable
            ? (row) => (
                <RowAction
                  title={`Test print on ${row.name}`}
                  icon={<PrintIcon fontSize="small" />}
                  onClick={() => runTest(row)}
                  disabled={testPrint.isPending}
                />
              )
            : undefined
        }
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}

/**
 * Setting > Restaurant's Outlet and POS section, under the company profile: the POS settings and the
 * sub-tables, one tab each. `editable` (Add Restaurant) adds the Save, Add, Edit, Delete and Test
 * print buttons; List Restaurant sees the same data read-only.
 */
export function OutletSection({ editable }: { editable: boolean }) {
  const [tab, setTab] = useState(0);
  const settings = useOutletSettings();
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-heading`} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={`${id}-heading`} variant="h6" component="h2">
        Outlet and POS
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
        How the POS prices, rounds, sends to the kitchen and closes the day, and its tills, tenders and printers.
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, next: number) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Outlet and POS"
        sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}
      >
        {TABS.map((label, index) => (
          <Tab key={label} label={label} id={`${id}-tab-${index}`} aria-controls={`${id}-panel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 0 ? (
          settings.isPending ? (
            <PageLoader label="Loading the POS settings" />
          ) : settings.isError ? (
            <ReportError error={settings.error} onRetry={() => void settings.refetch()} what="the POS settings" />
          ) : (
            <OutletSettingsForm settings={settings.data} editable={editable} />
          )
        ) : null}
        {tab === 1 ? <TaxClasses editable={editable} /> : null}
        {tab === 2 ? (
          <RecordTable kind="payment_method" {...TABLES.payment_method} columns={METHOD_COLUMNS} editable={editable} />
        ) : null}
        {tab === 3 ? <Counters editable={editable} /> : null}
        {tab === 4 ? <Stations editable={editable} /> : null}
        {tab === 5 ? <Printers editable={editable} /> : null}
      </Box>
    </Paper>
  );
}
