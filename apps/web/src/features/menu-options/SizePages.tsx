import { type Size, type SizeForm, type SizeInput, sizeInputSchema } from "@cargodesk/shared";
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
import { useSaveSize, useSize, useSizes } from "./api";
import { OptionList, SortAndActive, tailColumns } from "./OptionParts";
import { SIZE_ROUTES } from "./paths";

const EMPTY: SizeForm = { name: "", code: "", sort: 0, active: true };
const formOf = (size: Size): SizeForm => ({ name: size.name, code: size.code, sort: size.sort, active: size.active });

function SizeEditor({ size }: { size: Size | null }) {
  const save = useSaveSize(size?.id ?? null);
  const result = useResultDialog();
  const navigate = useNavigate();
  const form = useForm<SizeForm, unknown, SizeInput>({
    resolver: zodResolver(sizeInputSchema),
    defaultValues: size ? formOf(size) : EMPTY,
    mode: "onTouched",
  });
  useEffect(() => form.reset(size ? formOf(size) : EMPTY), [size, form]);
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        result.show("Success", `${answer.message}: ${answer.data.name}`);
        if (size) navigate(SIZE_ROUTES.list);
        else form.reset(EMPTY);
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, ["name", "code", "sort"]);
        result.show("Error", errorMessage(error));
      },
    }),
  );
  return (
    <>
      <FormCard
        label={size ? "Edit Size" : "Add Size"}
        onSubmit={onSubmit}
        actions={
          <>
            <SaveButton disabled={false} busy={save.isPending} label={size ? "Update" : "Save"} />
            <Button component={RouterLink} to={SIZE_ROUTES.list} startIcon={<ListIcon />}>
              View Sizes
            </Button>
          </>
        }
      >
        <TextInput control={form.control} name="name" label="Size Name" required disabled={save.isPending} />
        <TextInput
          control={form.control}
          name="code"
          label="Short Code"
          hint="Printed on tickets, e.g. S, M or L"
          disabled={save.isPending}
        />
        <SortAndActive control={form.control} disabled={save.isPending} />
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}

/** /inventory/Size/addSize: add a size, or change one (`?id=`) from the list. */
export function SizeFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const size = useSize(id);
  if (id === null) return <SizeEditor size={null} />;
  if (size.isPending) return <PageLoader label="Loading the size" />;
  if (size.error) return <Alert severity="error">Could not load the size. {errorMessage(size.error)}</Alert>;
  return <SizeEditor size={size.data} />;
}

const COLUMNS: Column<Size>[] = [
  { key: "name", header: "Size", render: (row) => row.name },
  { key: "code", header: "Code", render: (row) => row.code, nowrap: true },
  ...tailColumns<Size>(),
];

/** /inventory/Size/listSize. */
export function SizeListPage() {
  return <OptionList kind="size" noun="Size" columns={COLUMNS} query={useSizes()} routes={SIZE_ROUTES} />;
}
