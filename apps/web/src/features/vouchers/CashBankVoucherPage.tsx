import {
  ACCOUNT_TYPE,
  type AccountTypeCode,
  formatMinor,
  fromMinor,
  linesAccountType,
  toMinor,
  voucherTypeById,
} from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AddIcon from "@mui/icons-material/Add";
import SendIcon from "@mui/icons-material/Send";
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { companyToday } from "../../lib/dates";
import type { Account } from "./api";
import { useVoucherDraft, VoucherDraftNotice } from "./draft";
import { AccountInput } from "./fields";
import { LinesTable } from "./LinesTable";
import { type CashBankLineValues, cashBankLineSchema } from "./line-forms";
import { balancingPreview, parseAmount, totalMinor, toVoucherLine } from "./lines";
import { PostResultDialog } from "./PostResultDialog";
import { useVoucherPosting } from "./posting";
import { VoucherAccountsGate } from "./VoucherAccountsGate";

export type CashBankTypeId = 1 | 2 | 3 | 4;
const CASH_PAYMENT = 1;

const emptyLine = (date: string, cashAccount: Account | null): CashBankLineValues => ({
  date,
  account: null,
  cashAccount,
  billNumber: "",
  description: "",
  amountMinor: "",
});

/** Cash Payment, Cash Receipt, Bank Payment and Bank Receipt: one screen, parameterised by voucher type. */
export function CashBankVoucherPage({ typeId }: { typeId: CashBankTypeId }) {
  const type = voucherTypeById(typeId);
  const book = type?.book === "bank" ? "bank" : "cash";
  return (
    <VoucherAccountsGate book={book}>
      {(accounts, books, defaultBookId) => (
        <CashBankForm typeId={typeId} accounts={accounts} books={books} defaultBookId={defaultBookId} />
      )}
    </VoucherAccountsGate>
  );
}

interface CashBankFormProps {
  typeId: CashBankTypeId;
  accounts: readonly Account[];
  books: readonly Account[];
  /** The default cash account of Accounts Integration on cash vouchers, pre-selected. */
  defaultBookId: number | null;
}

/** The account's approved balance in minor units, debit positive (levelBalance comes with its DR/CR sign). */
function balanceMinor(account: Account): number {
  const amount = toMinor(account.levelBalance) ?? 0;
  return account.debitCreditId === ACCOUNT_TYPE.credit ? -amount : amount;
}

function CashBankForm({ typeId, accounts, books, defaultBookId }: CashBankFormProps) {
  const type = voucherTypeById(typeId);
  const linesSide: AccountTypeCode = linesAccountType(typeId) ?? ACCOUNT_TYPE.debit;
  const bookLabel = type?.book === "bank" ? "Bank Account" : "Cash Account";
  const draft = useVoucherDraft(typeId, accounts);
  const lines = draft.lines;
  const bookById = (id: number | null) => books.find((option) => option._id === id) ?? null;
  const defaultBook = bookById(defaultBookId);
  const { post, posting, dialogProps, banner } = useVoucherPosting();

  const { control, handleSubmit, reset, setFocus, getValues } = useForm<
    CashBankLineValues,
    unknown,
    z.output<typeof cashBankLineSchema>
  >({
    resolver: zodResolver(cashBankLineSchema),
    defaultValues: draft.header
      ? emptyLine(draft.header.date, bookById(draft.header.bookAccountId))
      : emptyLine(companyToday(), defaultBook),
  });
  const [account, cashAccount, amount] = useWatch({ control, name: ["account", "cashAccount", "amountMinor"] });

  const locked = lines.length > 0;
  const canAdd = account !== null && cashAccount !== null && amount.trim() !== "" && !posting;
  const usedIds = new Set(lines.map((line) => line.account._id));
  const counterOptions = accounts.filter((option) => option._id !== cashAccount?._id);
  const bookOptions = books.filter((option) => option._id !== account?._id && !usedIds.has(option._id));
  const preview = balancingPreview(lines, cashAccount);
  const linesText = linesSide === ACCOUNT_TYPE.debit ? "Debit" : "Credit";
  const bookText = linesSide === ACCOUNT_TYPE.debit ? "Credit" : "Debit";

  // A cash payment that would take cash in hand below zero is allowed, but said first.
  const cashBalance =
    typeId === CASH_PAYMENT && cashAccount ? balanceMinor(bookById(cashAccount._id) ?? cashAccount) : null;
  const cashAfter = cashBalance === null ? null : cashBalance - totalMinor(lines) - (parseAmount(amount) ?? 0);

  const onAdd = handleSubmit((values) => {
    draft.addLine(
      { date: values.date, bookAccountId: values.cashAccount._id },
      {
        account: values.account,
        accountType: linesSide,
        amountMinor: values.amountMinor,
        description: values.description,
        billNumber: values.billNumber,
      },
    );
    reset(emptyLine(values.date, values.cashAccount));
    window.setTimeout(() => setFocus("account"), 0);
  });

  const onPost = () => {
    const cash = getValues("cashAccount");
    if (!cash || !type || lines.length === 0) return;
    const date = getValues("date");
    post(
      {
        voucherTypeId: typeId,
        voucherType: type.abbreviation,
        levelFourId: cash._id,
        totalAmount: fromMinor(totalMinor(lines)),
        cashAccTittle: cash.levelFourName,
        voucher: cash.allLevelKey,
        voucherData: lines.map((line) => toVoucherLine(line, date, cash.levelFourName)),
      },
      () => {
        draft.clear();
        reset(emptyLine(companyToday(), defaultBook));
      },
    );
  };

  return (
    <Stack spacing={2}>
      {banner}
      <VoucherDraftNotice draft={draft} onDiscard={() => reset(emptyLine(companyToday(), defaultBook))} />
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={onAdd}
        aria-label={`${type?.name ?? "Voucher"} line`}
        sx={{ p: 2 }}
      >
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }} data-testid="voucher-sides">
          {type?.abbreviation}: each line is posted as {linesText}; the {bookLabel.toLowerCase()} takes the {bookText}{" "}
          side.
        </Typography>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "180px 1fr 1fr" } }}>
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
          <AccountInput
            control={control}
            name="account"
            label="Counter Account"
            options={counterOptions}
            required
            testId="counter-account"
          />
          <AccountInput
            control={control}
            name="cashAccount"
            label={bookLabel}
            options={bookOptions}
            required
            disabled={locked || account === null}
            hint={locked ? "All lines of this voucher share it" : account === null ? "Choose the account first" : " "}
            testId="book-account"
          />
        </Box>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            mt: 1,
            gridTemplateColumns: { xs: "1fr", md: "180px 1fr 180px auto" },
            alignItems: "start",
          }}
        >
          <TextInput control={control} name="billNumber" label="Bill No." />
          <TextInput control={control} name="description" label="Description" />
          <TextInput control={control} name="amountMinor" label="Amount" inputMode="decimal" required />
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
      {cashAfter !== null && cashAfter < 0 && (
        <Alert severity="warning" data-testid="cash-negative">
          Cash in hand would go negative: {cashAccount?.levelFourName} would stand at {formatMinor(cashAfter)} after
          this payment (approved balance {formatMinor(cashBalance ?? 0)}). You can still post it.
        </Alert>
      )}
      <LinesTable
        lines={lines}
        onDelete={draft.deleteLine}
        balancing={preview && cashAccount ? { line: preview, account: cashAccount } : null}
        disabled={posting}
      />
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button
          variant="contained"
          size="large"
          onClick={onPost}
          disabled={lines.length === 0 || posting}
          startIcon={posting ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SendIcon />}
        >
          POST
        </Button>
      </Box>
      <PostResultDialog {...dialogProps} />
    </Stack>
  );
}
