import { transactionSummaryRequestSchema, VOUCHER_TYPES } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import SearchIcon from "@mui/icons-material/Search";
import { Button } from "@mui/material";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { SelectInput, TextInput } from "../../components/FormFields";
import { ReportForm } from "../../components/ReportForm";
import { REPORT_ROUTES, summaryFromParams, summaryToParams } from "./criteria";

type SummaryForm = z.input<typeof transactionSummaryRequestSchema>;
type SummaryRequest = z.output<typeof transactionSummaryRequestSchema>;

/** The voucher types by abbreviation: CPV, CRV, BPV, BRV, JV. */
const VOUCHER_TYPE_OPTIONS = VOUCHER_TYPES.map((type) => ({ value: String(type.id), label: type.abbreviation }));

/** Transaction Summary: optional dates and a required voucher type; the lines open on the details screen. */
export default function TransactionSummaryPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const previous = summaryFromParams(params);
  const { control, handleSubmit } = useForm<SummaryForm, unknown, SummaryRequest>({
    resolver: zodResolver(transactionSummaryRequestSchema),
    defaultValues: {
      startedDate: previous?.startedDate ?? "",
      endDate: previous?.endDate ?? "",
      voucher: previous ? String(previous.voucher) : "",
    },
  });
  const voucher = useWatch({ control, name: "voucher" });
  const chosen = typeof voucher === "string" && voucher !== "";

  const onSearch = handleSubmit((values) =>
    navigate(
      `${REPORT_ROUTES.summaryDetails}?${summaryToParams({
        voucher: values.voucher,
        startedDate: values.startedDate ?? "",
        endDate: values.endDate ?? "",
      })}`,
    ),
  );

  return (
    <ReportForm
      label="Transaction summary search"
      hint="Choose a voucher type; the dates are optional and include both ends."
      onSubmit={(event) => void onSearch(event)}
      actions={
        <Button type="submit" variant="contained" size="large" disabled={!chosen} startIcon={<SearchIcon />}>
          Search
        </Button>
      }
    >
      <TextInput control={control} name="startedDate" label="Start Date" type="date" hint="Optional" />
      <TextInput control={control} name="endDate" label="End Date" type="date" hint="Optional" />
      <SelectInput
        control={control}
        name="voucher"
        label="Voucher Type"
        options={VOUCHER_TYPE_OPTIONS}
        placeholder="Select voucher type"
        required
        hint="Required"
      />
    </ReportForm>
  );
}
