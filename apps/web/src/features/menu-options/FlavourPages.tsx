import { type Flavour, type FlavourForm, type FlavourInput, flavourInputSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import { Alert, Button } from "@mui/material";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import type { Column } from "../../components/DataTable";
import { FormCard, SaveButton } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useFlavour, useFlavours, useSaveFlavour } from "./api";
import { OptionList, SortAndActive, tailColumns } from "./OptionParts";
import { FLAVOUR_ROUTES } from "./paths";

const EMPTY: FlavourForm = { name: "", sort: 0, active: true };

function FlavourEditor({ flavour }: { flavour: Flavour | null }) {
  const save = useSaveFlavour(flavour?.id ?? null);
  const result = useResultDialog();
  const navigate = useNavigate();
  const form = useForm<FlavourForm, unknown, FlavourInput>({
    resolver: zodResolver(flavourInputSchema),
    defaultValues: flavour ? { name: flavour.name, sort: flavour.sort, active: flavour.active } : EMPTY,
    mode: "onTouched",
  });
  useEffect(
    () => form.reset(flavour ? { name: flavour.name, sort: flavour.sort, active: flavour.active } : EMPTY),
    [flavour, form],
  );
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        result.show("Success", `${answer.message}: ${answer.data.name}`);
        if (flavour) navigate(FLAVOUR_ROUTES.list);
        else form.reset(EMPTY);
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, ["name", "sort"]);
        result.show("Error", errorMessage(error));
      },
    }),
  );
  return (
    <>
      <FormCard
        label={flavour ? "Edit Flavour" : "Add Flavour"}
        onSubmit={onSubmit}
        actions={
          <>
            <SaveButton disabled={false} busy={save.isPending} label={flavour ? "Update" : "Save"} />
            <Button component={RouterLink} to={FLAVOUR_ROUTES.list} startIcon={<ListIcon />}>
              View Flavours
            </Button>
          </>
        }
      >
        <TextInput control={form.control} name="name" label="Flavour Name" required disabled={save.isPending} />
        <SortAndActive control={form.control} disabled={save.isPending} />
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}

/** /inventory/Flavour/addFlavour: add a flavour, or change one (`?id=`) from the list. */
export function FlavourFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const flavour = useFlavour(id);
  if (id === null) return <FlavourEditor flavour={null} />;
  if (flavour.isPending) return <PageLoader label="Loading the flavour" />;
  if (flavour.error) return <Alert severity="error">Could not load the flavour. {errorMessage(flavour.error)}</Alert>;
  return <FlavourEditor flavour={flavour.data} />;
}

const COLUMNS: Column<Flavour>[] = [
  { key: "name", header: "Flavour", render: (row) => row.name },
  ...tailColumns<Flavour>(),
];

/** /inventory/Flavour/listFlavour. */
export function FlavourListPage() {
  return <OptionList kind="flavour" noun="Flavour" columns={COLUMNS} query={useFlavours()} routes={FLAVOUR_ROUTES} />;
}
