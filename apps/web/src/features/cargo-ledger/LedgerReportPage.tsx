import { ledgerReportFormSchema, levelFiveLabel } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import { Alert, Box, Button, CircularProgress, TextField } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { FileErrorDialog } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { ReportError } from "../../components/ReportStatus";
import { useReportFile } from "../../lib/report-files";
import { AccountSelect } from "./AccountSelect";
import { type LevelFiveAccount, ledgerPdfRequest, useLevelFiveAccounts } from "./api";
import { choosesAccount, useUserType } from "./user-type";

type ReportValues = z.input<typeof ledgerReportFormSchema>;
type ReportOutput = z.output<typeof ledgerReportFormSchema>;

/** Reporting > Ledger Report (/cargo/reporting/ledger-report): both dates, an account, Generate Report. */
export default function LedgerReportPage() {
  const accounts = useLevelFiveAccounts();
  const userType = useUserType();
  if (accounts.isError)
    return <ReportError error={accounts.error} what="the accounts" onRetry={() => void accounts.refetch()} />;
  if (accounts.isPending || userType === null) return <PageLoader label="Loading accounts" />;
  return <LedgerReportForm accounts={accounts.data} staff={choosesAccount(userType)} />;
}

function LedgerReportForm({ accounts, staff }: { accounts: readonly LevelFiveAccount[]; staff: boolean }) {
  const file = useReportFile();
  const own = accounts[0];
  const { control, handleSubmit, setError } = useForm<ReportValues, unknown, ReportOutput>({
    resolver: zodResolver(ledgerReportFormSchema),
    defaultValues: { startedDate: "", endDate: "", levelFiveId: null },
  });

  const onGenerate = handleSubmit((values) => {
    const levelFiveId = staff ? (values.levelFiveId ?? null) : null;
    if (staff && levelFiveId === null) {
      setError("levelFiveId", { message: "Please select an account" });
      return;
    }
    const account = staff ? accounts.find((row) => row.levelFiveId === levelFiveId) : own;
    file.get(
      ledgerPdfRequest(
        { startedDate: values.startedDate, endDate: values.endDate, levelFiveId },
        account ? levelFiveLabel(account) : undefined,
      ),
      "pdf",
    );
  });

  return (
    <ReportForm
      label="Ledger report"
      hint="Both dates are required; the report opens as an A4 PDF in a new window."
      onSubmit={(event) => void onGenerate(event)}
      actions={
        <>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={(!staff && !own) || file.pending !== null}
            startIcon={
              file.pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PictureAsPdfOutlinedIcon />
            }
          >
            Generate Report
          </Button>
          <FileErrorDialog error={file.error} onClose={file.reset} />
        </>
      }
    >
      <TextInput control={control} name="startedDate" label="Start Date" type="date" required />
      <TextInput control={control} name="endDate" label="End Date" type="date" required />
      {staff ? (
        <Controller
          control={control}
          name="levelFiveId"
          render={({ field, fieldState }) => (
            <Box sx={{ gridColumn: "1 / -1" }}>
              <AccountSelect
                accounts={accounts}
                value={typeof field.value === "number" ? field.value : null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            </Box>
          )}
        />
      ) : own ? (
        <TextField
          sx={{ gridColumn: "1 / -1" }}
          label="Account"
          value={levelFiveLabel(own)}
          slotProps={{ input: { readOnly: true } }}
          helperText="Your own ledger account"
        />
      ) : (
        <Alert severity="info" sx={{ gridColumn: "1 / -1" }}>
          Your ledger account is not open yet. It opens when your registration is approved.
        </Alert>
      )}
    </ReportForm>
  );
}
