import ListIcon from "@mui/icons-material/List";
import { Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { FormCard, SaveButton } from "../../components/FormCard";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useCan } from "../../lib/hooks";
import { MASTER_PATHS, PARTY_ROW_SCHEMAS, type PartyKind, useCreate } from "./api";
import { EMPTY_PARTY, PARTY_FIELDS, PartyFields, usePartyForm } from "./party-form";
import { PARTY_SCREENS } from "./paths";

/** Add Sender and Add Receiver: the form clears after a save; the server's message shows in a pop-up. */
export function PartyAddPage({ kind }: { kind: PartyKind }) {
  const screens = PARTY_SCREENS[kind];
  const party = usePartyForm(kind, EMPTY_PARTY);
  const create = useCreate(MASTER_PATHS[kind], PARTY_ROW_SCHEMAS[kind]);
  const result = useResultDialog();
  const canView = useCan(screens.permissions.view);
  const { handleSubmit, reset, setError } = party.form;

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (answer) => {
        result.show("Success", answer.message);
        reset(EMPTY_PARTY);
      },
      onError: (error) => {
        applyFieldIssues(error, setError, PARTY_FIELDS);
        result.show("Error", errorMessage(error));
      },
    }),
  );

  return (
    <>
      <FormCard
        label={`Add ${screens.noun}`}
        onSubmit={onSubmit}
        wide
        actions={
          <>
            <SaveButton disabled={!party.complete} busy={create.isPending} />
            {canView ? (
              <Button component={RouterLink} to={screens.list} startIcon={<ListIcon />}>
                View {screens.plural}
              </Button>
            ) : null}
          </>
        }
      >
        <PartyFields kind={kind} party={party} disabled={create.isPending} />
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
