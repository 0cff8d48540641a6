import { formatMinor, parseMinor, type Vendor } from "@cargodesk/shared";
import type { Column } from "../../components/DataTable";
import { SearchedListPage, statusColumn } from "../../components/ListPage";
import { useDeleteVendor, useVendors } from "./api";
import { VENDOR_ROUTES } from "./paths";

const COLUMNS: Column<Vendor>[] = [
  { key: "code", header: "Code", render: (row) => row.code, nowrap: true },
  { key: "name", header: "Vendor", render: (row) => row.name },
  { key: "contact", header: "Contact", render: (row) => [row.contactPerson, row.phone].filter(Boolean).join(", ") },
  { key: "account", header: "Payable Account", render: (row) => row.payableAccountCode, nowrap: true },
  {
    key: "balance",
    header: "Payable",
    align: "right",
    nowrap: true,
    render: (row) => formatMinor(parseMinor(row.balance) ?? 0n),
  },
  { key: "terms", header: "Terms (days)", align: "right", render: (row) => row.paymentTermsDays },
  statusColumn<Vendor>(),
];

/** /inventory/Vendor/listVendor: vendors paged on the server, with search, edit and delete. */
export default function VendorListPage() {
  return (
    <SearchedListPage
      noun="vendor"
      searchLabel="Search name or code"
      useList={useVendors}
      columns={COLUMNS}
      add={{ to: VENDOR_ROUTES.add, label: "Add Vendor" }}
      remove={{
        mutation: useDeleteVendor(),
        title: "Delete vendor",
        message: (vendor) =>
          `Delete ${vendor.name} (${vendor.code}) and its payable account? A vendor with receivings or ledger entries cannot be deleted; deactivate it instead.`,
      }}
    />
  );
}
