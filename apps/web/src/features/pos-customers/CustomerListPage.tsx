import { formatMinor, type PosCustomer, parseMinor } from "@cargodesk/shared";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { Link } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, MASTER_PAGE_SIZES } from "../../components/DataTable";
import { ListPage, statusColumn, useSearchedPages } from "../../components/ListPage";
import { useResultDialog } from "../../components/ResultDialog";
import { RowAction } from "../../components/RowAction";
import { errorMessage } from "../../lib/api";
import { ledgerListUrl } from "../reports/criteria";
import { useDeletePosCustomer, usePosCustomers, useSavePosCustomer } from "./api";
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

/** Saves the customer as it is with `active` flipped. */
function useToggleActive() {
  const [target, setTarget] = useState<PosCustomer | null>(null);
  const save = useSavePosCustomer(target?.id ?? null);
  return { target, setTarget, save };
}

/** /inventory/Customer/listCustomer: customers paged on the server, with search, balances, edit, deactivate and delete. */
export default function CustomerListPage() {
  const { settled, page, pageSize, paging, search } = useSearchedPages("Search name, phone or email");
  const customers = usePosCustomers({ search: settled || undefined, page: page + 1, size: pageSize });
  const toggle = useToggleActive();
  const result = useResultDialog();

  const confirmToggle = () => {
    const row = toggle.target;
    if (!row) return;
    toggle.save.mutate(
      {
        name: row.name,
        phone: row.phone,
        email: row.email,
        address: row.address,
        notes: row.notes,
        discountPercent: row.discountPercent,
        creditAllowed: row.creditAllowed,
        creditLimit: row.creditLimit,
        active: !row.active,
      },
      {
        onSuccess: (answer) =>
          result.show("Success", `${answer.data.name} is ${answer.data.active ? "active" : "inactive"} now`),
        onError: (error) => result.show("Error", errorMessage(error)),
        onSettled: () => toggle.setTarget(null),
      },
    );
  };

  return (
    <ListPage
      label="Customers"
      columns={COLUMNS}
      rows={customers.data?.data}
      query={customers}
      errorTitle="Could not load the customers."
      emptyMessage={settled ? `No customer matches "${settled}".` : "No customers yet. Add the first one."}
      add={{ to: POS_CUSTOMER_ROUTES.add, label: "Add Customer" }}
      search={search}
      server={paging(customers.data?.total_results ?? 0)}
      pageSizeOptions={MASTER_PAGE_SIZES}
      middleActions={(row) => (
        <>
          {row.receivableAccountId !== null ? (
            <RowAction
              title={`Ledger of ${row.name}`}
              icon={<ReceiptLongIcon fontSize="small" />}
              to={ledgerOf(row.receivableAccountId)}
            />
          ) : null}
          <RowAction
            title={`${row.active ? "Deactivate" : "Activate"} ${row.name}`}
            icon={row.active ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
            onClick={() => toggle.setTarget(row)}
          />
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
      <ConfirmDialog
        open={toggle.target !== null}
        title={toggle.target?.active ? "Deactivate customer" : "Activate customer"}
        message={
          toggle.target
            ? toggle.target.active
              ? `Deactivate ${toggle.target.name}? The POS stops offering the customer; the account and its balance stay.`
              : `Activate ${toggle.target.name} again?`
            : ""
        }
        confirmLabel={toggle.target?.active ? "Deactivate" : "Activate"}
        busy={toggle.save.isPending}
        onConfirm={confirmToggle}
        onCancel={() => toggle.setTarget(null)}
      />
    </ListPage>
  );
}
