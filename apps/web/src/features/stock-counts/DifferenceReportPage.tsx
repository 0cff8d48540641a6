import { formatMinor, parseMinor, type StockCountRow, stockCountUpdateSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import DownloadIcon from "@mui/icons-material/Download";
import { Alert, Box, Button, Chip, CircularProgress, MenuItem, Paper, TextField, Typography } from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import type { z } from "zod";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable, MASTER_PAGE_SIZES } from "../../components/DataTable";
import { FileUploadField } from "../../components/FileUploadField";
import { OpenFileButtons } from "../../components/OpenFileButtons";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { useServerPaging } from "../../components/server-paging";
import { VoucherLink } from "../../components/VoucherLink";
import { ApiError, errorMessage } from "../../lib/api";
import { companyToday, formatInstant } from "../../lib/dates";
import { useOpenFile } from "../../lib/open-file";
import { SHEET_ACCEPT } from "../../lib/upload";
import { useStockLocations } from "../inventory-ledger/api";
import {
  countSheetFile,
  usePostStockCount,
  useSaveStockCount,
  useStartStockCount,
  useStockCount,
  useStockCounts,
  useUploadCountSheet,
} from "./api";
import { type CountForm, CountGrid, formOf } from "./CountGrid";

const money = (amount: number) => formatMinor(parseMinor(amount) ?? 0n);

/** /inventory/product/ProductBalance: load book quantities at a snapshot, count, save, post; past counts below. */
export default function DifferenceReportPage() {
  const today = companyToday();
  const locations = useStockLocations();
  const [start, setStart] = useState({ locationId: "1", businessDate: today });
  const [countId, setCountId] = useState<number | null>(null);
  const [confirmPost, setConfirmPost] = useState(false);
  const [sheet, setSheet] = useState<File | null>(null);
  const { page, pageSize, paging } = useServerPaging(MASTER_PAGE_SIZES[0]);
  const count = useStockCount(countId);
  const counts = useStockCounts({ page: page + 1, size: pageSize });
  const begin = useStartStockCount();
  const save = useSaveStockCount();
  const post = usePostStockCount();
  const upload = useUploadCountSheet();
  const result = useResultDialog();
  const file = useOpenFile();
  const form = useForm<CountForm, unknown, z.output<typeof stockCountUpdateSchema>>({
    resolver: zodResolver(stockCountUpdateSchema),
    defaultValues: { lines: [] },
  });
  const loaded = count.data;
  useEffect(() => {
    if (loaded) form.reset(formOf(loaded));
  }, [loaded, form]);

  const failed = (error: unknown) => {
    if (error instanceof ApiError)
      for (const issue of error.fieldIssues)
        form.setError(issue.field as FieldPath<CountForm>, { type: "server", message: issue.message });
    result.show("Error", errorMessage(error));
  };
  const loadBook = (event: FormEvent) => {
    event.preventDefault();
    begin.mutate(
      { locationId: Number(start.locationId), businessDate: start.businessDate },
      { onSuccess: (answer) => setCountId(answer.id), onError: failed },
    );
  };
  const saveDraft = form.handleSubmit((values) =>
    countId === null
      ? undefined
      : save.mutate(
          { id: countId, input: values },
          { onSuccess: () => result.show("Success", "Count saved"), onError: failed },
        ),
  );
  const saveAndPost = form.handleSubmit((values) => {
    if (countId === null) return;
    save.mutate(
      { id: countId, input: values },
      {
        onSuccess: () =>
          post.mutate(countId, {
            onSuccess: (answer) => {
              setConfirmPost(false);
              result.show(
                "Success",
                `Count posted: ${answer.number}${answer.voucherNo ? `, voucher ${answer.voucherNo}` : " (no difference of value)"}`,
              );
            },
            onError: (error) => {
              setConfirmPost(false);
              failed(error);
            },
          }),
        onError: (error) => {
          setConfirmPost(false);
          failed(error);
        },
      },
    );
  });
  const sendSheet = () => {
    if (countId === null || !sheet) return;
    upload.mutate(
      { id: countId, file: sheet },
      {
        onSuccess: (answer) => {
          setSheet(null);
          form.reset(formOf(answer));
          result.show("Success", "The count sheet filled the counted quantities");
        },
        onError: failed,
      },
    );
  };
  const busy = begin.isPending || save.isPending || post.isPending || upload.isPending;
  const name = (row: { number: string | null; id: number }) => row.number ?? `Draft #${row.id}`;

  const columns: Column<StockCountRow>[] = [
    { key: "number", header: "Count No", nowrap: true, render: name },
    { key: "date", header: "Date", nowrap: true, render: (row) => row.businessDate },
    { key: "location", header: "Location", render: (row) => row.location },
    { key: "counted", header: "Counted", align: "right", render: (row) => `${row.countedCount} of ${row.lineCount}` },
    { key: "value", header: "Diff Value", align: "right", render: (row) => money(row.diffValue) },
    {
      key: "status",
      header: "Status",
      render: (row) => <Chip size="small" label={row.status} color={row.status === "posted" ? "success" : "default"} />,
    },
    { key: "voucher", header: "Voucher", render: (row) => <VoucherLink id={row.voucherId} number={row.voucherNo} /> },
  ];

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="form"
          onSubmit={loadBook}
          aria-label="Start a count"
          sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "flex-start" }}
        >
          <TextField
            select
            required
            label="Location"
            value={start.locationId}
            onChange={(event) => setStart((current) => ({ ...current, locationId: event.target.value }))}
            helperText=" "
            sx={{ minWidth: 180 }}
          >
            {(locations.data ?? []).map((location) => (
              <MenuItem key={location.id} value={String(location.id)}>
                {location.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            required
            label="Business Date"
            value={start.businessDate}
            onChange={(event) => setStart((current) => ({ ...current, businessDate: event.target.value }))}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            helperText=" "
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy || !start.businessDate}
            startIcon={begin.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            Load book quantities
          </Button>
        </Box>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          The book quantities are read when you load them. What is sold or received afterwards still counts: the
          adjustment posted is counted minus book at that moment.
        </Typography>
      </Paper>

      {countId !== null && count.isPending ? <Typography>Loading the count…</Typography> : null}
      {count.error ? <Alert severity="error">{errorMessage(count.error)}</Alert> : null}
      {loaded ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Count">
          <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1, mb: 1 }}>
            <Typography variant="h6" component="h2">
              {name(loaded)} · {loaded.location} · {loaded.businessDate}
            </Typography>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              Book quantities at {formatInstant(loaded.snapshotAt)}
            </Typography>
          </Box>
          <Box sx={{ overflowX: "auto", maxHeight: 560 }}>
            <CountGrid count={loaded} control={form.control} disabled={busy} />
          </Box>
          {loaded.status === "draft" ? (
            <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", mt: 2, alignItems: "center" }}>
              <Button variant="outlined" size="large" disabled={busy} onClick={() => void saveDraft()}>
                Save draft
              </Button>
              <Button variant="contained" size="large" disabled={busy} onClick={() => setConfirmPost(true)}>
                Post
              </Button>
              <Button
                startIcon={<DownloadIcon />}
                disabled={file.busy}
                onClick={() => void file.open("xlsx", "", () => countSheetFile(loaded.id, "xlsx"))}
              >
                Count sheet (XLSX)
              </Button>
              <Box sx={{ minWidth: 280 }}>
                <FileUploadField
                  label="Filled count sheet"
                  accept={SHEET_ACCEPT}
                  file={sheet}
                  onChange={setSheet}
                  disabled={busy}
                />
              </Box>
              <Button variant="outlined" disabled={busy || !sheet} onClick={sendSheet}>
                Upload sheet
              </Button>
            </Box>
          ) : (
            <Alert severity="success" sx={{ mt: 2 }}>
              Posted as {loaded.number}. Voucher <VoucherLink id={loaded.voucherId} number={loaded.voucherNo} />
              {loaded.voucherNo ? "" : "none"}.
            </Alert>
          )}
        </Paper>
      ) : null}

      <Typography variant="h6" component="h2">
        Past counts
      </Typography>
      <DataTable
        label="Past counts"
        columns={columns}
        rows={counts.data?.rows}
        rowKey={(row) => row.id}
        loading={counts.isPending}
        fetching={counts.isFetching}
        error={counts.error}
        onRetry={() => void counts.refetch()}
        errorTitle="Could not load the counts."
        emptyMessage="No count yet. Choose a location and load its book quantities."
        server={paging(counts.data?.total ?? 0)}
        pageSizeOptions={MASTER_PAGE_SIZES}
        actionsHeader="Actions"
        rowActions={(row) => (
          <Box sx={{ display: "flex", gap: 0.5 }}>
            <Button size="small" onClick={() => setCountId(row.id)}>
              {row.status === "draft" ? "Continue" : "Open"}
            </Button>
            <OpenFileButtons
              file={file}
              title={name(row)}
              row={name(row)}
              load={(format) => () => countSheetFile(row.id, format)}
            />
          </Box>
        )}
      />
      <ConfirmDialog
        open={confirmPost}
        title="Post count"
        message="Post this count? Each counted product is adjusted by counted minus book at the snapshot, with one voucher to Stock Adjustment. A posted count cannot be changed."
        confirmLabel="Post"
        busy={busy}
        onCancel={() => setConfirmPost(false)}
        onConfirm={() => void saveAndPost()}
      />
      <ResultDialog {...result.dialogProps} />
      <ResultDialog open={file.error !== null} title="Error" message={file.error ?? ""} onClose={file.clearError} />
    </Box>
  );
}
