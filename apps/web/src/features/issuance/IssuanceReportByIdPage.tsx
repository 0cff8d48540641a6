import DownloadIcon from "@mui/icons-material/Download";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { Alert, Box, Button, Paper, TextField, Typography } from "@mui/material";
import { type FormEvent, useState } from "react";
import { PageLoader } from "../../components/PageLoader";
import { VoucherLink } from "../../components/VoucherLink";
import { errorMessage } from "../../lib/api";
import { useOpenFile } from "../../lib/open-file";
import { issuanceByNumberFile, useIssuanceByNumber } from "./api";
import { IssuanceLinesTable } from "./IssuanceLinesTable";

const ISSUANCE_NUMBER = /^ISS-\d{4}-\d{5}$/;

/** /inventory/Issuance/IssuanceById: one issuance by its number, on screen and as PDF or XLSX. */
export default function IssuanceReportByIdPage() {
  const [number, setNumber] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const issuance = useIssuanceByNumber(asked);
  const file = useOpenFile();
  const wanted = number.trim().toUpperCase();
  const valid = ISSUANCE_NUMBER.test(wanted);
  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (valid) setAsked(wanted);
  };
  const found = issuance.data;

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Box component="form" onSubmit={generate} sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
          <TextField
            label="Issuance Number"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            placeholder="ISS-2026-00001"
            error={number !== "" && !valid}
            helperText={number !== "" && !valid ? "Write it as ISS-2026-00001" : " "}
            required
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" size="large" disabled={!valid}>
            Generate
          </Button>
        </Box>
        {file.error ? <Alert severity="error">{file.error}</Alert> : null}
      </Paper>
      {asked && issuance.isPending ? <PageLoader label="Loading the issuance" /> : null}
      {issuance.error ? <Alert severity="error">{errorMessage(issuance.error)}</Alert> : null}
      {found ? (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, sm: 3 } }}
          aria-label={`Issuance ${found.number}`}
          component="section"
        >
          <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
            <Typography variant="h6" component="h2">
              {found.number}
            </Typography>
            <Box sx={{ display: "flex", gap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<PictureAsPdfIcon />}
                disabled={file.busy}
                onClick={() =>
                  void file.open("pdf", found.number ?? "", () => issuanceByNumberFile(asked ?? "", "pdf"))
                }
              >
                PDF
              </Button>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={file.busy}
                onClick={() => void file.open("xlsx", "", () => issuanceByNumberFile(asked ?? "", "xlsx"))}
              >
                XLSX
              </Button>
            </Box>
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {found.businessDate} · {found.fromLocation} → {found.toLocation}
            {found.issuedTo ? ` · Issued to ${found.issuedTo}` : ""} · {found.status} · Voucher{" "}
            <VoucherLink id={found.voucherId} number={found.voucherNo} />
            {found.voucherNo ? "" : "none"}
          </Typography>
          <IssuanceLinesTable issuance={found} label="Issuance lines" withTotal />
        </Paper>
      ) : null}
    </Box>
  );
}
