import SearchIcon from "@mui/icons-material/Search";
import { Alert, Box, Button, MenuItem, Paper, TextField, Typography } from "@mui/material";
import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { useVoucherTypes, type VoucherTypeRow } from "./api";
import { criteriaFromParams, criteriaToParams, SEARCH_DETAIL_PATH } from "./criteria";

/** Voucher Search: optional dates and a required voucher type; results open on Voucher Search Detail. */
export default function VoucherSearchPage() {
  const types = useVoucherTypes();
  if (types.isPending) return <PageLoader label="Loading voucher types" />;
  if (types.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void types.refetch()}>
            Retry
          </Button>
        }
      >
        Could not load the voucher types. {errorMessage(types.error)}
      </Alert>
    );
  }
  return <SearchForm types={types.data} />;
}

function SearchForm({ types }: { types: readonly VoucherTypeRow[] }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back to Search returns here with the last criteria in the query string.
  const previous = criteriaFromParams(params);
  const [startedDate, setStartedDate] = useState(previous?.startedDate ?? "");
  const [endDate, setEndDate] = useState(previous?.endDate ?? "");
  const [typeId, setTypeId] = useState(previous ? String(previous.voucherTypeId) : "");

  const datesReversed = startedDate !== "" && endDate !== "" && endDate < startedDate;
  const canSearch = typeId !== "" && !datesReversed;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSearch) return;
    const criteria = { voucherTypeId: Number(typeId), startedDate, endDate };
    navigate(`${SEARCH_DETAIL_PATH}?${criteriaToParams(criteria)}`);
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      aria-label="Voucher search"
      sx={{ p: 3, maxWidth: 760 }}
    >
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
        Choose a voucher type; the dates are optional and include both ends.
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr 1fr" } }}>
        <TextField
          label="Start Date"
          type="date"
          value={startedDate}
          onChange={(event) => setStartedDate(event.target.value)}
          helperText="Optional"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="End Date"
          type="date"
          value={endDate}
          onChange={(event) => setEndDate(event.target.value)}
          error={datesReversed}
          helperText={datesReversed ? "The end date cannot be before the start date" : "Optional"}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startedDate || undefined } }}
        />
        <TextField
          select
          required
          label="Voucher Type"
          value={typeId}
          onChange={(event) => setTypeId(event.target.value)}
          helperText={typeId === "" ? "Required" : " "}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            <em>Select voucher type</em>
          </MenuItem>
          {types.map((type) => (
            <MenuItem key={type.voucherTypeId} value={String(type.voucherTypeId)} title={type.name}>
              {type.abbrevation || type.voucherType}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
        <Button type="submit" variant="contained" size="large" startIcon={<SearchIcon />} disabled={!canSearch}>
          Search
        </Button>
      </Box>
    </Paper>
  );
}
