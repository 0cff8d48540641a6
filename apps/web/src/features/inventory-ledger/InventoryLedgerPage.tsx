import {
  formatMinor,
  INVENTORY_LEDGER_PAGE_SIZE,
  type InventoryLedgerRequest,
  type InventoryLedgerRow,
  parseMinor,
} from "@cargodesk/shared";
import { Autocomplete, Box, Link, TableCell, TableRow, TextField, Typography } from "@mui/material";
import { type FormEvent, useMemo, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ReportSearchPanel } from "../../components/OpenFileButtons";
import { PeriodFields, periodReversed } from "../../components/PeriodFields";
import { VoucherLink } from "../../components/VoucherLink";
import { apiFile } from "../../lib/api";
import { companyToday } from "../../lib/dates";
import { useOpenFile } from "../../lib/open-file";
import { ledgerFile, useInventoryLedger, useStockBalances } from "./api";
import { StockLocationFilter } from "./StockLocationFilter";

const money = (amount: number | null) => (amount === null || amount === 0 ? "" : formatMinor(parseMinor(amount) ?? 0n));
const qty = (value: number) => (value === 0 ? "" : value.toLocaleString("en-US", { maximumFractionDigits: 6 }));
const balance = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 6 });
const PAGE_SIZES = [50, 100, 200, 500] as const;

/** Where a row's document number leads: the document itself, as its PDF. */
function documentPdf(row: InventoryLedgerRow): (() => Promise<{ blob: Blob; fileName: string }>) | null {
  const pdf = (path: string) => () => apiFile(path, { type: "application/pdf", fallbackName: `${row.docNumber}.pdf` });
  if (row.docType.startsWith("issue")) return pdf(`/inventory/issuance/${row.docId}/issuance.pdf`);
  if (row.docType.startsWith("receiving")) return pdf(`/inventory/receiving/${row.docId}/grn.pdf`);
  if (row.docType === "count") return pdf(`/inventory/stock_count/${row.docId}?format=pdf`);
  return null;
}

/** /inventory/ledger: one store product's moves at a location (or all), with opening, running and closing balance. */
export default function InventoryLedgerPage() {
  const today = companyToday();
  const [form, setForm] = useState({
    storeProductId: 0,
    locationId: "",
    startDate: `${today.slice(0, 7)}-01`,
    endDate: today,
  });
  const [request, setRequest] = useState<InventoryLedgerRequest | null>(null);
  const ledger = useInventoryLedger(request);
  const balances = useStockBalances(null);
  const file = useOpenFile();
  const products = useMemo(
    () => [...new Map((balances.data?.rows ?? []).map((row) => [row.storeProductId, row])).values()],
    [balances.data],
  );
  const wrongOrder = periodReversed(form);
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!form.storeProductId || wrongOrder) return;
    setRequest({
      storeProductId: form.storeProductId,
      ...(form.locationId ? { locationId: Number(form.locationId) } : {}),
      startDate: form.startDate,
      endDate: form.endDate,
      page: 1,
      size: request?.size ?? INVENTORY_LEDGER_PAGE_SIZE,
    });
  };
  const data = ledger.data;
  const uom = data?.stockUom ?? "";

  const columns: Column<InventoryLedgerRow>[] = [
    { key: "date", header: "Date", nowrap: true, render: (row) => row.businessDate },
    { key: "time", header: "Time", render: (row) => row.time },
    ...(request?.locationId
      ? []
      : [{ key: "location", header: "Location", render: (row: InventoryLedgerRow) => row.location }]),
    {
      key: "document",
      header: "Document",
      nowrap: true,
      render: (row) => {
        const load = documentPdf(row);
        return load && row.docNumber ? (
          <Link component="button" type="button" onClick={() => void file.open("pdf", row.docNumber ?? "", load)}>
            {row.docNumber}
          </Link>
        ) : (
          (row.docNumber ?? row.docType.replace("_", " "))
        );
      },
    },
    { key: "description", header: "Description", render: (row) => row.description },
    { key: "in", header: "In Qty", align: "right", render: (row) => qty(row.inQty) },
    { key: "out", header: "Out Qty", align: "right", render: (row) => qty(row.outQty) },
    { key: "rate", header: "Rate", align: "right", render: (row) => money(row.rate) },
    { key: "valueIn", header: "Value In", align: "right", render: (row) => money(row.valueIn) },
    { key: "valueOut", header: "Value Out", align: "right", render: (row) => money(row.valueOut) },
    { key: "balanceQty", header: "Balance Qty", align: "right", render: (row) => balance(row.balanceQty) },
    {
      key: "balanceValue",
      header: "Balance Value",
      align: "right",
      nowrap: true,
      render: (row) => formatMinor(parseMinor(row.balanceValue) ?? 0n),
    },
    {
      key: "voucher",
      header: "Voucher",
      nowrap: true,
      render: (row) => <VoucherLink id={row.voucherId} number={row.voucherNo} />,
    },
  ];

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ReportSearchPanel
        label="Inventory Ledger search"
        onSubmit={search}
        canSearch={Boolean(form.storeProductId) && !wrongOrder}
        file={file}
        title="Inventory ledger"
        load={request && ((format) => () => ledgerFile(request, format))}
      >
        <Autocomplete
          options={products}
          value={products.find((row) => row.storeProductId === form.storeProductId) ?? null}
          onChange={(_, picked) => setForm((current) => ({ ...current, storeProductId: picked?.storeProductId ?? 0 }))}
          getOptionLabel={(row) => `${row.code} - ${row.name}`}
          isOptionEqualToValue={(option, value) => option.storeProductId === value.storeProductId}
          loading={balances.isPending}
          sx={{ minWidth: 280 }}
          renderInput={(params) => <TextField {...params} label="Product" required helperText=" " />}
        />
        <StockLocationFilter
          value={form.locationId}
          onChange={(locationId) => setForm((current) => ({ ...current, locationId }))}
        />
        <PeriodFields
          period={form}
          onChange={(change) => setForm((current) => ({ ...current, ...change }))}
          latest={today}
        />
      </ReportSearchPanel>
      {request ? (
        <>
          {data ? (
            <Typography data-testid="ledger-opening">
              <strong>
                {data.code} {data.name}
              </strong>{" "}
              at {data.location}, {data.startDate} to {data.endDate}. Opening: {balance(data.openingQty)} {uom},{" "}
              {formatMinor(parseMinor(data.openingValue) ?? 0n)}
            </Typography>
          ) : null}
          <DataTable
            label="Inventory ledger"
            columns={columns}
            rows={data?.rows}
            rowKey={(row) => row.moveId}
            loading={ledger.isPending}
            fetching={ledger.isFetching}
            error={ledger.error}
            onRetry={() => void ledger.refetch()}
            errorTitle="Could not load the ledger."
            emptyMessage="No stock moved in these dates."
            server={{
              total: data?.total ?? 0,
              page: (request.page ?? 1) - 1,
              pageSize: request.size ?? INVENTORY_LEDGER_PAGE_SIZE,
              onPageChange: (page) => setRequest({ ...request, page: page + 1 }),
              onPageSizeChange: (size) => setRequest({ ...request, page: 1, size }),
            }}
            pageSizeOptions={PAGE_SIZES}
            footer={
              data ? (
                <TableRow data-testid="ledger-closing">
                  <TableCell colSpan={request.locationId ? 4 : 5} sx={{ fontWeight: 700 }}>
                    Closing
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {qty(data.inQty)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {qty(data.outQty)}
                  </TableCell>
                  <TableCell />
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {money(data.valueIn)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {money(data.valueOut)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {balance(data.closingQty)} {uom}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {formatMinor(parseMinor(data.closingValue) ?? 0n)}
                  </TableCell>
                  <TableCell />
                </TableRow>
              ) : null
            }
          />
        </>
      ) : null}
    </Box>
  );
}
