import { Alert, Button } from "@mui/material";
import type { ReactNode } from "react";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { type Account, type Book, useAccounts } from "./api";

interface VoucherAccountsGateProps {
  /** Also load the cash or bank accounts (Accounts Integration's group). */
  book?: Book;
  children: (accounts: readonly Account[], books: readonly Account[]) => ReactNode;
}

/** Loads the accounts a voucher screen needs; the form appears once they are here. */
export function VoucherAccountsGate({ book, children }: VoucherAccountsGateProps) {
  const accounts = useAccounts("all");
  // Without a book the second query is the same cached list.
  const books = useAccounts(book ?? "all");

  if (accounts.isPending || books.isPending) return <PageLoader label="Loading accounts" />;
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
  return <>{children(accounts.data, books.data)}</>;
}
