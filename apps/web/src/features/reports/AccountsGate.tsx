import type { ReactNode } from "react";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { type Account, useAccounts } from "../vouchers/api";

/** Cash and bank accounts first (Accounts Integration's groups), then every other account. */
function booksFirst(all: readonly Account[], books: readonly Account[]): Account[] {
  const ids = new Set(books.map((account) => account._id));
  return [...books, ...all.filter((account) => !ids.has(account._id))];
}

interface AccountsGateProps {
  /** Offer the cash and bank accounts first (the cash book). */
  booksFirst?: boolean;
  children: (accounts: readonly Account[]) => ReactNode;
}

/** Loads the postable accounts a report's picker offers; the form appears once they are here. */
export function AccountsGate({ booksFirst: ordered = false, children }: AccountsGateProps) {
  const all = useAccounts("all");
  // Without ordering these are the same cached query as `all`.
  const cash = useAccounts(ordered ? "cash" : "all");
  const bank = useAccounts(ordered ? "bank" : "all");
  const queries = [all, cash, bank];
  const failed = queries.find((query) => query.isError);

  if (failed?.error) {
    return (
      <ReportError
        error={failed.error}
        what="the accounts"
        onRetry={() => {
          for (const query of queries) void query.refetch();
        }}
      />
    );
  }
  if (!all.data || !cash.data || !bank.data) return <PageLoader label="Loading accounts" />;
  if (all.data.length === 0) {
    return <EmptyState title="No accounts yet" description="Add level four accounts in the chart of accounts first." />;
  }
  const options = ordered ? booksFirst(all.data, [...cash.data, ...bank.data]) : all.data;
  return <>{children(options)}</>;
}
