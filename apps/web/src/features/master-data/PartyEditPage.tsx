import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Alert, Autocomplete, Button, Paper, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { FormCard, SaveButton } from "../../components/FormCard";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { ApiError, errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useCan, useDebouncedValue } from "../../lib/hooks";
import {
  MASTER_PATHS,
  PARTY_ROW_SCHEMAS,
  type PartyKind,
  type PartyRow,
  partyId,
  useParty,
  usePartyPage,
  useUpdate,
} from "./api";
import { fromPartyRow, PARTY_FIELDS, PartyFields, usePartyForm } from "./party-form";
import { PARTY_SCREENS } from "./paths";

const CHOOSER_SIZE = 20;

const describe = (row: PartyRow): string =>
  [row.name, row.company, row.city].filter((part): part is string => Boolean(part)).join(" · ");

/** Opened from the menu without an id: asks which sender (receiver) to edit, searching the server. */
function PartyChooser({ kind }: { kind: PartyKind }) {
  const screens = PARTY_SCREENS[kind];
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const query = useDebouncedValue(search.trim());
  const list = usePartyPage(kind, { page: 1, size: CHOOSER_SIZE, search: query });
  const noun = screens.noun.toLowerCase();

  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
      <Typography sx={{ mb: 2 }}>
        Choose the {noun} to edit, or open one with View {screens.noun} on the {noun} list.
      </Typography>
      <Autocomplete
        options={list.data?.data ?? []}
        loading={list.isFetching}
        // The server has already searched.
        filterOptions={(options) => options}
        getOptionLabel={describe}
        getOptionKey={partyId}
        isOptionEqualToValue={(option, value) => partyId(option) === partyId(value)}
        onInputChange={(_, value, reason) => {
          if (reason === "input" || reason === "clear") setSearch(value);
        }}
        onChange={(_, row) => {
          if (row) navigate(`${screens.edit}?id=${partyId(row)}`);
        }}
        noOptionsText={query ? `No ${noun} matches` : `No ${screens.plural.toLowerCase()} yet`}
        renderInput={(params) => <TextField {...params} label={`${screens.noun} to edit`} />}
      />
      {list.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          The {screens.plural.toLowerCase()} could not be loaded. {errorMessage(list.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}

function PartyEditForm({ kind, row }: { kind: PartyKind; row: PartyRow }) {
  const screens = PARTY_SCREENS[kind];
  const party = usePartyForm(kind, fromPartyRow(row));
  const update = useUpdate(MASTER_PATHS[kind], PARTY_ROW_SCHEMAS[kind], { delayed: false });
  const result = useResultDialog();
  const canView = useCan(screens.permissions.view);
  const { handleSubmit, reset, setError } = party.form;

  const onSubmit = handleSubmit((values) => {
    // The receiver's VAT id is not on this form; send back the stored one so the save keeps it.
    const body = "receiver_id" in row ? { ...values, vat: row.vat ?? undefined } : values;
    update.mutate(
      { id: partyId(row), body },
      {
        // The spec: saving an update shows the pop-up text success or error.
        onSuccess: (answer) => {
          result.show("Success", answer.message);
          reset(fromPartyRow(answer.data));
        },
        onError: (error) => {
          applyFieldIssues(error, setError, PARTY_FIELDS);
          result.show("Error", errorMessage(error));
        },
      },
    );
  });

  return (
    <>
      <FormCard
        label={`Edit ${screens.noun}`}
        onSubmit={onSubmit}
        wide
        actions={
          <>
            <SaveButton disabled={!party.complete} busy={update.isPending} />
            {canView ? (
              <Button component={RouterLink} to={screens.list} startIcon={<ArrowBackIcon />}>
                Back to {screens.noun} Details
              </Button>
            ) : null}
          </>
        }
      >
        <PartyFields kind={kind} party={party} disabled={update.isPending} />
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}

/** Edit Sender and Edit Receiver, opened as `?id=N` from View Sender (View Receiver) on the list. */
export function PartyEditPage({ kind }: { kind: PartyKind }) {
  const screens = PARTY_SCREENS[kind];
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const record = useParty(kind, id);
  const noun = screens.noun.toLowerCase();

  if (raw === null) return <PartyChooser kind={kind} />;
  const back = (
    <Button component={RouterLink} to={screens.list} variant="outlined">
      Go to {screens.noun} Details
    </Button>
  );
  if (id === null) return <EmptyState title={`That is not a ${noun} number.`} action={back} />;
  if (record.isPending) return <PageLoader label={`Loading the ${noun}`} />;
  if (record.error) {
    const missing = record.error instanceof ApiError && record.error.status === 404;
    return (
      <EmptyState
        title={missing ? `There is no ${noun} number ${id}.` : `The ${noun} could not be loaded.`}
        description={missing ? undefined : errorMessage(record.error)}
        action={
          missing ? (
            back
          ) : (
            <Button variant="outlined" onClick={() => void record.refetch()}>
              Retry
            </Button>
          )
        }
      />
    );
  }
  // Keyed by id: another record gets a fresh form.
  return <PartyEditForm key={id} kind={kind} row={record.data} />;
}
