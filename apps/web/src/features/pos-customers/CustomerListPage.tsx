import { formatMinor, type PosCustomer, parseMinor } from "@cargodesk/shared";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { Link } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useActiveToggle } from "../../components/ActiveToggle";
import type { Column } from "../../components/DataTable";
import { SearchedListPage, statusColumn } from "../../components/ListPage";
import { useResultDialog } from "../../components/ResultDialog";
import { RowAction } from "../../components/RowAction";
import { ledgerListUrl } from "../reports/criteria";
import { useDeletePosCustomer, usePosCustomers, useTogglePosCustomer } from "./api";
import { POS_CUSTOMER_ROUTES } from "./paths";

const money = (amount: number) => formatMinor(parseMinor(amount) ?? 0n);
const ledgerOf = (accountId: number) => ledgerListUrl({ levelFourId: accountId, startDate: "", endDate: "" });

const COLUMNS: Column<PosCustomer>[] = [
  { key: "name", header: "Customer", render: (row) => row.name },
  { key: "phone", header: "Phone", nowrap: true, render: (row) => row.phone },
  {
    key: "discount",
    header: "Discount %",
    align: "right",
    render: (row) => (row.discountPercent ? row.discountPercent.toFixed(2) : "—"),
  },
  {
    key: "credit",
    header: "Credit Limit",
    align: "right",
    nowrap: true,
    render: (row) => (row.creditAllowed ? money(row.creditLimit) : "No credit"),
  },
  {
    key: "account",
    header: "House Account",
    nowrap: true,
    render: (row) =>
      row.receivableAccountId !== null ? (
        <Link component={RouterLink} to={ledgerOf(row.receivableAccountId)}>
          {row.receivableAccountCode}
        </Link>
      ) : (
        "—"
      ),
  },
  {
    key: "balance",
    header: "Balance",
    align: "right",
    nowrap: true,
    render: (row) => (row.receivableAccountId !== null ? money(row.balance) : "—"),
  },
  { key: "visits", header: "Visits", align: "right", render: (row) => row.visits },
  { key: "spent", header: "Total Spent", align: "right", nowrap: true, render: (row) => money(row.totalSpent) },
  { key: "last", header: "Last Visit", nowrap: true, render: (row) => row.lastVisit ?? "None" },
  statusColumn<PosCustomer>(),
];

/** /inventory/Customer/listCustomer: customers paged on the server, with search, balances, edit, deactivate and delete. */
export default function CustomerListPage() {
  const setActive = useTogglePosCustomer();
  const result = useResultDialog();
  const toggle = useActiveToggle<PosCustomer>({
    noun: "customer",
    result,
    send: (row, handlers) => setActive.mutate(row, handlers),
    busy: setActive.isPending,
    deactivateMessage: (row) =>
      `Deactivate ${row.name}? The POS stops offering the customer; the account and its balance stay.`,
    activateMessage: (row) => `Activate ${row.name} again?`,
  });

  return (
    <SearchedListPage
      noun="customer"
      searchLabel="Search name, phone or email"
      useList={usePosCustomers}
      columns={COLUMNS}
      add={{ to: POS_CUSTOMER_ROUTES.add, label: "Add Customer" }}
      middleActions={(row) => (
        <>
          {row.receivableAccountId !== null ? (
            <RowAction
              title={`Ledger of ${row.name}`}
              icon={<ReceiptLongIcon fontSize="small" />}
              to={ledgerOf(row.receivableAccountId)}
            />
          ) : null}
          {toggle.action(row)}
        </>
      )}
      remove={{
        mutation: useDeletePosCustomer(),
        title: "Delete customer",
        message: (customer) =>
          `Delete ${customer.name} (${customer.phone})${customer.receivableAccountId !== null ? " and the house account" : ""}? A customer whose account has ledger entries cannot be deleted; deactivate it instead.`,
      }}
      result={result}
    >
      {toggle.dialog}
    </SearchedListPage>
  );
}
