import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import SaveIcon from "@mui/icons-material/Save";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from "@mui/material";
import { type FormEvent, useEffect, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { RESULT_RESET_MS } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { formatDay } from "../../lib/dates";
import { kg } from "../../lib/format";
import { useCan } from "../../lib/hooks";
import {
  type Complaint,
  isNotFound,
  useComplaint,
  useComplaintStatuses,
  useComplaints,
  useUpdateComplaintStatus,
} from "./api";
import { COMPLAINT_PERMISSIONS, COMPLAINT_ROUTES, complaintIdFrom, editComplaintPath } from "./paths";
import { ReadOnlyField } from "./ShipmentFacts";
import { StatusChip } from "./StatusChip";

const describe = (row: Complaint) => `${row.cn_number} · ${row.statu.status} · ${row.complaint_satement.slice(0, 60)}`;

/** Opened from the menu without an id: asks which complaint to edit. */
function ComplaintChooser() {
  const navigate = useNavigate();
  const complaints = useComplaints();
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
      <Typography sx={{ mb: 2 }}>Choose the complaint to edit, or open one with Edit on the complaint list.</Typography>
      <Autocomplete
        options={complaints.data ?? []}
        loading={complaints.isPending}
        getOptionLabel={describe}
        getOptionKey={(row) => row.complaint_id}
        isOptionEqualToValue={(option, value) => option.complaint_id === value.complaint_id}
        onChange={(_, row) => {
          if (row) navigate(editComplaintPath(row.complaint_id));
        }}
        noOptionsText="No complaints"
        renderInput={(params) => <TextField {...params} label="Complaint to edit" />}
      />
      {complaints.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          The complaints could not be loaded. {errorMessage(complaints.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** The spec's plain text after a status save: "success" or "error", cleared after 9 seconds. */
function useOutcome() {
  const [outcome, setOutcome] = useState<"success" | "error" | null>(null);
  useEffect(() => {
    if (outcome === null) return;
    const timer = window.setTimeout(() => setOutcome(null), RESULT_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);
  return [outcome, setOutcome] as const;
}

function EditComplaintForm({ complaint }: { complaint: Complaint }) {
  const statuses = useComplaintStatuses();
  const update = useUpdateComplaintStatus();
  const canView = useCan(COMPLAINT_PERMISSIONS.view);
  const [statusId, setStatusId] = useState(complaint.status_id);
  const [outcome, setOutcome] = useOutcome();
  const { shipment } = complaint;
  const place = (party: Complaint["shipment"]["shipper"]) => [party.city, party.country].filter(Boolean).join(", ");

  const save = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    update.mutate(
      { id: complaint.complaint_id, statusId },
      {
        onSuccess: (answer) => setOutcome(answer.message === "success" ? "success" : "error"),
        onError: () => setOutcome("error"),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Complaint on C/N {complaint.cn_number}
        </Typography>
        <StatusChip status={complaint.statu.status} />
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
        <ReadOnlyField label="Complain Date" value={formatDay(complaint.complaint_date)} />
        <ReadOnlyField label="C/N Date" value={formatDay(shipment.shipment_date)} />
        <ReadOnlyField label="Dox Type" value={shipment.shipment_type} />
        <ReadOnlyField label="Unit / Weight" value={`${shipment.total_packages} / ${kg(shipment.total_weight)}`} />
        <Box sx={{ gridColumn: { xs: "1 / -1", md: "span 2" } }}>
          <ReadOnlyField label="Shipper" value={`${shipment.shipper.name} (${place(shipment.shipper)})`} />
        </Box>
        <Box sx={{ gridColumn: { xs: "1 / -1", md: "span 2" } }}>
          <ReadOnlyField label="Consignee" value={`${shipment.consignee.name} (${place(shipment.consignee)})`} />
        </Box>
      </Box>
      <TextField
        label="Complain"
        value={complaint.complaint_satement}
        fullWidth
        multiline
        minRows={3}
        sx={{ mt: 2 }}
        slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
      />
      <Box
        component="form"
        onSubmit={save}
        aria-label="Edit Complaint"
        sx={{ display: "flex", gap: 2, alignItems: "center", mt: 3, flexWrap: "wrap" }}
      >
        <TextField
          select
          label="Status"
          value={statuses.data ? statusId : ""}
          onChange={(event) => {
            setStatusId(Number(event.target.value));
            setOutcome(null);
          }}
          disabled={!statuses.data || update.isPending}
          sx={{ minWidth: 240 }}
          helperText={statuses.isError ? `The statuses could not be loaded. ${errorMessage(statuses.error)}` : " "}
          error={statuses.isError}
        >
          {(statuses.data ?? []).map((status) => (
            <MenuItem key={status.status_id} value={status.status_id}>
              {status.status}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!statuses.data || update.isPending}
          startIcon={update.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
          sx={{ mb: 2.5 }}
        >
          Save
        </Button>
        <Typography
          role="status"
          sx={{ mb: 2.5, fontWeight: 600, color: outcome === "error" ? "error.main" : "success.main" }}
        >
          {outcome ?? ""}
        </Typography>
        {canView ? (
          <Button
            component={RouterLink}
            to={COMPLAINT_ROUTES.list}
            startIcon={<ArrowBackIcon />}
            sx={{ mb: 2.5, ml: "auto" }}
          >
            Back to complaints
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

/** Edit Complaint, opened as `?id=N` from Edit on the complaint list: changes the status. */
export default function EditComplaintPage() {
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = complaintIdFrom(params);
  const complaint = useComplaint(id);

  if (raw === null) return <ComplaintChooser />;
  const back = (
    <Button component={RouterLink} to={COMPLAINT_ROUTES.list} variant="outlined">
      Go to the complaint list
    </Button>
  );
  if (id === null) return <EmptyState title="That is not a complaint number." action={back} />;
  if (complaint.isPending) return <PageLoader label="Loading the complaint" />;
  if (complaint.error) {
    const missing = isNotFound(complaint.error);
    return (
      <EmptyState
        title={missing ? `There is no complaint number ${id}.` : "The complaint could not be loaded."}
        description={missing ? undefined : errorMessage(complaint.error)}
        action={
          missing ? (
            back
          ) : (
            <Button variant="outlined" onClick={() => void complaint.refetch()}>
              Retry
            </Button>
          )
        }
      />
    );
  }
  return <EditComplaintForm key={id} complaint={complaint.data} />;
}
