import { Alert, Button } from "@mui/material";
import type { ReactNode } from "react";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { useIntegration } from "../integration/api";
import { type Account, type Book, useAccounts } from "./api";

interface VoucherAccountsGateProps {
  /** Also load the cash or bank accounts (Accounts Integration's group). */
  book?: Book;
  /** The third argument is the default cash account of Accounts Integration on cash vouchers, else null. */
  children: (accounts: readonly Account[], books: readonly Account[], defaultBookId: number | null) => ReactNode;
}

/** Loads the accounts a voucher screen needs; the form appears once they are here. */
export function VoucherAccountsGate({ book, children }: VoucherAccountsGateProps) {
  const accounts = useAccounts("all");
  // Without a book the second query is the same cached list.
  const books = useAccounts(book ?? "all");
  // Only a convenience: when the settings cannot be read, the cash account is simply not pre-selected.
  const integration = useIntegration();
  const settingsPending = book === "cash" && integration.isPending;

  if (accounts.isPending || books.isPending || settingsPending) return <PageLoader label="Loading accounts" />;
  if (accounts.isError || books.isError) {
    const error = accounts.error ?? books.error;
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              void accounts.refetch();
              void books.refetch();
            }}
          >
            Retry
          </Button>
        }
      >
        Could not load the accounts. {errorMessage(error)}
      </Alert>
    );
  }
  if (accounts.data.length === 0) {
    return <EmptyState title="No accounts yet" description="Add level four accounts in the chart of accounts first." />;
  }
  if (book && books.data.length === 0) {
    return (
      <EmptyState
        title={`No ${book} accounts`}
        description={`Accounts Integration names no ${book} group, or the group has no accounts yet.`}
      />
    );
  }
  const defaultBookId = book === "cash" ? (integration.data?.defaultCashAccountId ?? null) : null;
  return <>{children(accounts.data, books.data, defaultBookId)}</>;
}
