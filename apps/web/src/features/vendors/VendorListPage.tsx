import { formatMinor, parseMinor, type Vendor } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Chip } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable, MASTER_PAGE_SIZES } from "../../components/DataTable";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { SearchField } from "../../components/SearchField";
import { useServerPaging } from "../../components/server-paging";
import { errorMessage } from "../../lib/api";
import { useDebouncedValue } from "../../lib/hooks";
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
  {
    key: "active",
    header: "Status",
    nowrap: true,
    render: (row) => (
      <Chip size="small" label={row.active ? "Active" : "Inactive"} color={row.active ? "success" : "default"} />
    ),
  },
];

/** /inventory/Vendor/listVendor: vendors paged on the server, with search, edit and delete. */
export default function VendorListPage() {
  const [search, setSearch] = useState("");
  const { page, pageSize, setPage, paging } = useServerPaging(MASTER_PAGE_SIZES[1]);
  const settled = useDebouncedValue(search.trim());
  const vendors = useVendors({ search: settled || undefined, page: page + 1, size: pageSize });
  const remove = useDeleteVendor();
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const result = useResultDialog();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => result.show("Success", answer.message),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <DataTable
        label="Vendors"
        columns={COLUMNS}
        rows={vendors.data?.data}
        rowKey={(row) => row.id}
        loading={vendors.isPending}
        fetching={vendors.isFetching}
        error={vendors.error}
        onRetry={() => void vendors.refetch()}
        errorTitle="Could not load the vendors."
        emptyMessage={settled ? `No vendor matches "${settled}".` : "No vendors yet. Add the first one."}
        toolbar={
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
            <SearchField
              label="Search name or code"
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(0);
              }}
            />
            <Button component={RouterLink} to={VENDOR_ROUTES.add} variant="contained" startIcon={<AddIcon />}>
              Add Vendor
            </Button>
          </Box>
        }
        server={paging(vendors.data?.total_results ?? 0)}
        pageSizeOptions={MASTER_PAGE_SIZES}
        actionsHeader="Actions"
        rowActions={(row) => (
          <RowActions>
            <RowAction
              title={`Edit ${row.name}`}
              to={`${VENDOR_ROUTES.add}?id=${row.id}`}
              icon={<EditIcon fontSize="small" />}
            />
            <RowAction
              title={`Delete ${row.name}`}
              onClick={() => setDeleting(row)}
              icon={<DeleteIcon fontSize="small" />}
            />
          </RowActions>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete vendor"
        message={
          deleting
            ? `Delete ${deleting.name} (${deleting.code}) and its payable account? A vendor with receivings or ledger entries cannot be deleted; deactivate it instead.`
            : ""
        }
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
