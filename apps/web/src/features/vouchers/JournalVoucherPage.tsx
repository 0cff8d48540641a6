import { formatMinor } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AddIcon from "@mui/icons-material/Add";
import SendIcon from "@mui/icons-material/Send";
import { Box, Button, CircularProgress, Paper, Stack, TextField } from "@mui/material";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { SelectInput, TextInput } from "../../components/FormFields";
import { companyToday } from "../../lib/dates";
import type { Account } from "./api";
import { useVoucherDraft, VoucherDraftNotice } from "./draft";
import { AccountInput } from "./fields";
import { LinesTable } from "./LinesTable";
import { JOURNAL_SIDES, type JournalLineValues, journalLineSchema } from "./line-forms";
import { type PendingLine, sideTotals, toVoucherLine } from "./lines";
import { PostResultDialog } from "./PostResultDialog";
import { useVoucherPosting } from "./posting";
import { VoucherAccountsGate } from "./VoucherAccountsGate";

const JOURNAL_TYPE_ID = 5;
const CROSS_ACCOUNT_MAX = 300;

const emptyLine = (date: string, accountType: string): JournalLineValues => ({
  date,
  amountMinor: "",
  accountType,
  account: null,
  description: "",
  billNumber: "",
});

/** The accounts on the other side of a journal line, as its crossAccount. */
function crossAccountOf(line: PendingLine, lines: readonly PendingLine[]): string {
  const names = lines
    .filter((other) => other.accountType !== line.accountType)
    .map((other) => other.account.levelFourName);
  return [...new Set(names)].join(", ").slice(0, CROSS_ACCOUNT_MAX);
}

/** Journal Voucher: lines on either side; POST only when total debit equals total credit and is not zero. */
export default function JournalVoucherPage() {
  return <VoucherAccountsGate>{(accounts) => <JournalForm accounts={accounts} />}</VoucherAccountsGate>;
}

function JournalForm({ accounts }: { accounts: readonly Account[] }) {
  const draft = useVoucherDraft(JOURNAL_TYPE_ID, accounts);
  const lines = draft.lines;
  const { post, posting, dialogProps, banner } = useVoucherPosting();
  const { control, handleSubmit, reset, setFocus, getValues } = useForm<
    JournalLineValues,
    unknown,
    z.output<typeof journalLineSchema>
  >({ resolver: zodResolver(journalLineSchema), defaultValues: emptyLine(draft.header?.date ?? companyToday(), "") });
  const [date, amount, accountType, account] = useWatch({
    control,
    name: ["date", "amountMinor", "accountType", "account"],
  });

  const locked = lines.length > 0;
  const canAdd = date !== "" && amount.trim() !== "" && accountType !== "" && account !== null && !posting;
  const totals = sideTotals(lines);
  const difference = Math.abs(totals.debit - totals.credit);
  const balanced = totals.debit === totals.credit && totals.debit > 0;

  const onAdd = handleSubmit((values) => {
    draft.addLine(
      { date: values.date, bookAccountId: null },
      {
        account: values.account,
        accountType: values.accountType,
        amountMinor: values.amountMinor,
        description: values.description,
        billNumber: values.billNumber,
      },
    );
    reset(emptyLine(values.date, String(values.accountType)));
    window.setTimeout(() => setFocus("amountMinor"), 0);
  });

  const onPost = () => {
    if (!balanced) return;
    const voucherDate = getValues("date");
    post(
      {
        voucherTypeId: JOURNAL_TYPE_ID,
        voucherType: "JV",
        levelFourId: [...new Set(lines.map((line) => line.account._id))],
        voucherData: lines.map((line) => toVoucherLine(line, voucherDate, crossAccountOf(line, lines))),
      },
      () => {
        draft.clear();
        reset(emptyLine(companyToday(), ""));
      },
    );
  };

  return (
    <Stack spacing={2}>
      {banner}
      <VoucherDraftNotice draft={draft} onDiscard={() => reset(emptyLine(companyToday(), ""))} />
      <Paper component="form" variant="outlined" noValidate onSubmit={onAdd} aria-label="Journal line" sx={{ p: 2 }}>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "180px 180px 180px 1fr" } }}>
          <TextInput
            control={control}
            name="date"
            label="Date"
            type="date"
            max={companyToday()}
            required
            disabled={locked}
            hint={locked ? "Fixed for this voucher" : " "}
            testId="voucher-date"
          />
          <TextInput control={control} name="amountMinor" label="Amount" inputMode="decimal" required />
          <SelectInput
            control={control}
            name="accountType"
            label="Account Type"
            placeholder="Select type"
            options={JOURNAL_SIDES}
            required
          />
          <AccountInput control={control} name="account" label="Account" options={accounts} required testId="account" />
        </Box>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            mt: 1,
            gridTemplateColumns: { xs: "1fr", md: "1fr 180px auto" },
            alignItems: "start",
          }}
        >
          <TextInput control={control} name="description" label="Description" />
          <TextInput control={control} name="billNumber" label="Bill No." />
          <Button
            type="submit"
            variant="outlined"
            size="large"
            startIcon={<AddIcon />}
            disabled={!canAdd}
            sx={{ mt: 0.5 }}
          >
            ADD
          </Button>
        </Box>
      </Paper>
      <LinesTable
        lines={lines}
        onDelete={draft.deleteLine}
        totalMinor={Math.max(totals.debit, totals.credit)}
        disabled={posting}
      />
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Journal totals" component="section">
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr 1fr auto" },
            alignItems: "start",
          }}
        >
          <TextField
            label="Total Debit"
            value={formatMinor(totals.debit)}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            label="Total Credit"
            value={formatMinor(totals.credit)}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            label="Difference"
            value={formatMinor(difference)}
            error={difference !== 0}
            helperText={difference !== 0 ? "Unbalanced: debit and credit must be equal" : " "}
            slotProps={{ htmlInput: { readOnly: true, "data-testid": "journal-difference" } }}
          />
          <Button
            variant="contained"
            size="large"
            onClick={onPost}
            disabled={!balanced || posting}
            startIcon={posting ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SendIcon />}
            sx={{ mt: 0.5 }}
          >
            POST
          </Button>
        </Box>
      </Paper>
      <PostResultDialog {...dialogProps} />
    </Stack>
  );
}
