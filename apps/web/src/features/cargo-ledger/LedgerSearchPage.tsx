import { cargoLedgerRequestSchema, levelFiveLabel, ROLE } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import SearchIcon from "@mui/icons-material/Search";
import { Alert, Box, Button, CircularProgress } from "@mui/material";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { FileErrorDialog } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { ReportError } from "../../components/ReportStatus";
import { useReportFile } from "../../lib/report-files";
import { AccountSelect } from "./AccountSelect";
import {
  criteriaFromParams,
  criteriaToParams,
  type LedgerCriteria,
  type LevelFiveAccount,
  ledgerPdfRequest,
  useLevelFiveAccounts,
} from "./api";
import { LEDGER_ROUTES } from "./paths";
import { choosesAccount, useUserType } from "./user-type";

type SearchValues = z.input<typeof cargoLedgerRequestSchema>;
type SearchOutput = z.output<typeof cargoLedgerRequestSchema>;

const EMPTY: SearchValues = { startedDate: "", endDate: "", levelFiveId: null };

/** Ledger > Ledger Search (/cargo/ledger/ledger_report): dates, and for staff the account. */
export default function LedgerSearchPage() {
  const accounts = useLevelFiveAccounts();
  const userType = useUserType();
  if (accounts.isError)
    return <ReportError error={accounts.error} what="the accounts" onRetry={() => void accounts.refetch()} />;
  if (accounts.isPending || userType === null) return <PageLoader label="Loading accounts" />;
  return <LedgerSearchForm accounts={accounts.data} userType={userType} />;
}

function LedgerSearchForm({ accounts, userType }: { accounts: readonly LevelFiveAccount[]; userType: number }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const file = useReportFile();
  const staff = choosesAccount(userType);
  // Back to Search returns here with the last criteria in the address.
  const previous = criteriaFromParams(params);
  const { control, handleSubmit, getValues, reset, trigger } = useForm<SearchValues, unknown, SearchOutput>({
    resolver: zodResolver(cargoLedgerRequestSchema),
    defaultValues: {
      startedDate: previous.startedDate,
      endDate: previous.endDate,
      levelFiveId: staff ? previous.levelFiveId : null,
    },
  });
  const levelFiveId = useWatch({ control, name: "levelFiveId" });
  const chosen = typeof levelFiveId === "number" && levelFiveId > 0;
  const own = accounts[0];
  // A customer's ledger is their own account; without one there is nothing to show yet.
  const hasAccount = staff ? chosen : own !== undefined;
  const searchDisabled = userType === ROLE.employee || !hasAccount;

  const criteriaOf = (values: SearchOutput): LedgerCriteria => ({
    startedDate: values.startedDate ?? "",
    endDate: values.endDate ?? "",
    levelFiveId: staff ? (values.levelFiveId ?? null) : null,
  });
  const labelOf = (id: number | null) => {
    const account = staff ? accounts.find((row) => row.levelFiveId === id) : own;
    return account ? levelFiveLabel(account) : undefined;
  };

  const onSearch = handleSubmit((values) => navigate(`${LEDGER_ROUTES.table}?${criteriaToParams(criteriaOf(values))}`));

  // Checked synchronously so the PDF's window opens inside the click, where pop-ups are allowed.
  const onPdf = () => {
    const parsed = cargoLedgerRequestSchema.safeParse(getValues());
    if (!parsed.success) {
      void trigger();
      return;
    }
    const criteria = criteriaOf(parsed.data);
    file.get(ledgerPdfRequest(criteria, labelOf(criteria.levelFiveId)), "pdf");
    reset(EMPTY);
  };

  return (
    <ReportForm
      label="Ledger search"
      hint={
        staff
          ? "Choose an account; the dates are optional and include both ends."
          : "Your own ledger; the dates are optional and include both ends."
      }
      onSubmit={(event) => void onSearch(event)}
      actions={
        <>
          <Button
            variant="outlined"
            size="large"
            disabled={!hasAccount || file.pending !== null}
            onClick={onPdf}
            startIcon={file.pending ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlinedIcon />}
          >
            Generate PDF
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={searchDisabled} startIcon={<SearchIcon />}>
            Search
          </Button>
          <FileErrorDialog error={file.error} onClose={file.reset} />
        </>
      }
    >
      <TextInput control={control} name="startedDate" label="Start Date" type="date" hint="Optional" />
      <TextInput control={control} name="endDate" label="End Date" type="date" hint="Optional" />
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
      ) : own ? null : (
        <Alert severity="info" sx={{ gridColumn: "1 / -1" }}>
          Your ledger account is not open yet. It opens when your registration is approved.
        </Alert>
      )}
    </ReportForm>
  );
}
