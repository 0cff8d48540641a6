import DownloadIcon from "@mui/icons-material/Download";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { Alert, Box, Button, Paper, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { openBlankWindow, saveBlob, showInWindow } from "../../lib/files";
import { grnByNumber } from "./api";

const GRN_NUMBER = /^GRN-\d{4}-\d{5}$/;

/** /inventory/Product/RecivingReport: a GRN by its number, as PDF or XLSX. */
export default function ReceivingReportByIdPage() {
  const [number, setNumber] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wanted = number.trim().toUpperCase();
  const valid = GRN_NUMBER.test(wanted);

  const open = async (format: "pdf" | "xlsx") => {
    setError(null);
    setBusy(true);
    const target = format === "pdf" ? openBlankWindow(wanted) : null;
    try {
      if (format === "pdf") await showInWindow(() => grnByNumber(wanted, "pdf"), target);
      else {
        const file = await grnByNumber(wanted, "xlsx");
        saveBlob(file.blob, file.fileName);
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
        Enter a GRN number to print the goods received note with its lines, values and signatures.
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label="Receiving Report With Id"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) void open("pdf");
        }}
        sx={{ display: "grid", gap: 2 }}
      >
        <TextField
          label="GRN Number"
          required
          autoFocus
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={number !== "" && !valid}
          helperText={number !== "" && !valid ? "Enter a GRN number such as GRN-2026-00001" : " "}
          placeholder="GRN-2026-00001"
        />
        <Box sx={{ display: "flex", gap: 1.5 }}>
          <Button type="submit" variant="contained" startIcon={<PictureAsPdfIcon />} disabled={!valid || busy}>
            Generate PDF
          </Button>
          <Button startIcon={<DownloadIcon />} disabled={!valid || busy} onClick={() => void open("xlsx")}>
            Download XLSX
          </Button>
        </Box>
        {error ? <Alert severity="error">{error}</Alert> : null}
      </Box>
    </Paper>
  );
}
