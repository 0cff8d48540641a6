import { agingRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AssessmentOutlinedIcon from "@mui/icons-material/AssessmentOutlined";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { ReportError } from "../../components/ReportStatus";
import { companyToday } from "../../lib/dates";
import type { Account } from "../vouchers/api";
import { AccountsGate } from "./AccountsGate";
import { AgingTable } from "./AgingTable";
import { type AgingCriteria, REPORT_PATHS, reportFile, useAging } from "./api";
import { AccountIdInput, isChosen } from "./fields";

type AgingForm = z.input<typeof agingRequestSchema>;
type AgingRequest = z.output<typeof agingRequestSchema>;

/** Aging Report: an account and an as-of date (today by default); the buckets show below. */
export default function AgingReportPage() {
  return <AccountsGate>{(accounts) => <AgingScreen accounts={accounts} />}</AccountsGate>;
}

function AgingScreen({ accounts }: { accounts: readonly Account[] }) {
  const [criteria, setCriteria] = useState<AgingCriteria | null>(null);
  const aging = useAging(criteria);
  const { control, handleSubmit } = useForm<AgingForm, unknown, AgingRequest>({
    resolver: zodResolver(agingRequestSchema),
    defaultValues: { levelFourId: null, asOfDate: companyToday() },
  });
  const chosen = isChosen(useWatch({ control, name: "levelFourId" }));

  const onGenerate = handleSubmit((values) =>
    setCriteria({ levelFourId: values.levelFourId, asOfDate: values.asOfDate ?? "" }),
  );

  return (
    <Stack spacing={2}>
      <ReportForm
        label="Aging report"
        hint="Open debits of the account by age, settled first-in first-out, as of the date."
        columns={2}
        onSubmit={(event) => void onGenerate(event)}
        actions={
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!chosen}
            startIcon={<AssessmentOutlinedIcon />}
          >
            Generate Aging Report
          </Button>
        }
      >
        <AccountIdInput
          control={control}
          name="levelFourId"
          label="Account"
          options={accounts}
          testId="aging-account-picker"
        />
        <TextInput control={control} name="asOfDate" label="As of Date" type="date" hint="Today when empty" />
      </ReportForm>
      {criteria && aging.isPending ? <PageLoader label="Loading the aging report" /> : null}
      {aging.isError ? <ReportError error={aging.error} onRetry={() => void aging.refetch()} /> : null}
      {aging.data && criteria ? (
        <AgingTable
          aging={aging.data}
          actions={<ReportFileButtons request={reportFile(REPORT_PATHS.aging, criteria, "aging")} />}
        />
      ) : null}
    </Stack>
  );
}
