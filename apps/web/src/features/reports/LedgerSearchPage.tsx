import { type LedgerRequest, ledgerRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import SearchIcon from "@mui/icons-material/Search";
import { Button, CircularProgress } from "@mui/material";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { FileErrorDialog } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { useReportFile } from "../../lib/report-files";
import type { Account } from "../vouchers/api";
import { AccountsGate } from "./AccountsGate";
import { REPORT_PATHS, reportFile } from "./api";
import { ledgerFromParams, ledgerListUrl } from "./criteria";
import { AccountIdInput, isChosen } from "./fields";

type LedgerForm = z.input<typeof ledgerRequestSchema>;

/** Ledger: optional dates and a required account; Search lists the rows, Generate Ledger Report opens the PDF. */
export default function LedgerSearchPage() {
  return <AccountsGate>{(accounts) => <LedgerSearchForm accounts={accounts} />}</AccountsGate>;
}

function LedgerSearchForm({ accounts }: { accounts: readonly Account[] }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back to Search returns here with the last criteria in the query string.
  const previous = ledgerFromParams(params);
  const file = useReportFile();
  const { control, handleSubmit, getValues, trigger } = useForm<LedgerForm, unknown, LedgerRequest>({
    resolver: zodResolver(ledgerRequestSchema),
    defaultValues: {
      startDate: previous?.startDate ?? "",
      endDate: previous?.endDate ?? "",
      levelFourId: previous?.levelFourId ?? null,
    },
  });
  const levelFourId = useWatch({ control, name: "levelFourId" });
  const chosen = isChosen(levelFourId);

  const onSearch = handleSubmit((values) =>
    navigate(
      ledgerListUrl({
        levelFourId: values.levelFourId,
        startDate: values.startDate ?? "",
        endDate: values.endDate ?? "",
      }),
    ),
  );

  // Validated synchronously so the PDF's window opens inside the click, where pop-ups are allowed.
  const onPdf = () => {
    const parsed = ledgerRequestSchema.safeParse(getValues());
    if (!parsed.success) {
      void trigger();
      return;
    }
    file.get(reportFile(REPORT_PATHS.ledgerPdf, parsed.data, "ledger"), "pdf");
  };

  return (
    <ReportForm
      label="Ledger search"
      hint="Choose an account; the dates are optional and include both ends."
      onSubmit={(event) => void onSearch(event)}
      actions={
        <>
          <Button
            variant="outlined"
            size="large"
            disabled={!chosen || file.pending !== null}
            onClick={onPdf}
            startIcon={file.pending ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlinedIcon />}
          >
            Generate Ledger Report
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={!chosen} startIcon={<SearchIcon />}>
            Search
          </Button>
          <FileErrorDialog error={file.error} onClose={file.reset} />
        </>
      }
    >
      <TextInput control={control} name="startDate" label="Start Date" type="date" hint="Optional" />
      <TextInput control={control} name="endDate" label="End Date" type="date" hint="Optional" />
      <AccountIdInput
        control={control}
        name="levelFourId"
        label="Account"
        options={accounts}
        testId="ledger-account-picker"
      />
    </ReportForm>
  );
}
