import { type LedgerRequest, ledgerRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import MenuBookOutlinedIcon from "@mui/icons-material/MenuBookOutlined";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import type { Account } from "../vouchers/api";
import { AccountsGate } from "./AccountsGate";
import { type LedgerCriteria, REPORT_PATHS, reportFile } from "./api";
import { AccountIdInput, isChosen } from "./fields";
import { LedgerReport } from "./LedgerReport";

type CashBookForm = z.input<typeof ledgerRequestSchema>;

/** Cash Book: a cash or bank account (any account allowed) and optional dates; the book shows below. */
export default function CashBookPage() {
  return <AccountsGate booksFirst>{(accounts) => <CashBookScreen accounts={accounts} />}</AccountsGate>;
}

function CashBookScreen({ accounts }: { accounts: readonly Account[] }) {
  const [criteria, setCriteria] = useState<LedgerCriteria | null>(null);
  const { control, handleSubmit } = useForm<CashBookForm, unknown, LedgerRequest>({
    resolver: zodResolver(ledgerRequestSchema),
    defaultValues: { startDate: "", endDate: "", levelFourId: null },
  });
  const chosen = isChosen(useWatch({ control, name: "levelFourId" }));

  const onGenerate = handleSubmit((values) =>
    setCriteria({ levelFourId: values.levelFourId, startDate: values.startDate ?? "", endDate: values.endDate ?? "" }),
  );

  return (
    <Stack spacing={2}>
      <ReportForm
        label="Cash book"
        hint="Cash and bank accounts are listed first. The dates are optional and include both ends."
        onSubmit={(event) => void onGenerate(event)}
        actions={
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!chosen}
            startIcon={<MenuBookOutlinedIcon />}
          >
            Generate Cash Book
          </Button>
        }
      >
        <TextInput control={control} name="startDate" label="Start Date" type="date" hint="Optional" />
        <TextInput control={control} name="endDate" label="End Date" type="date" hint="Optional" />
        <AccountIdInput
          control={control}
          name="levelFourId"
          label="Account"
          options={accounts}
          testId="cash-book-account-picker"
        />
      </ReportForm>
      {criteria ? (
        <LedgerReport
          key={JSON.stringify(criteria)}
          book="cashBook"
          criteria={criteria}
          label="Cash book entries"
          actions={<ReportFileButtons request={reportFile(REPORT_PATHS.cashBook, criteria, "cash-book")} />}
        />
      ) : null}
    </Stack>
  );
}
