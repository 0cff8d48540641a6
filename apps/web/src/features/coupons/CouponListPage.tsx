import { type Coupon, couponFormOf } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Chip, IconButton, MenuItem, TextField, Tooltip, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable, MASTER_PAGE_SIZES } from "../../components/DataTable";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { SearchField } from "../../components/SearchField";
import { errorMessage } from "../../lib/api";
import { companyToday } from "../../lib/dates";
import { useDebouncedValue } from "../../lib/hooks";
import { useCoupons, useDeleteCoupon, useSaveCoupon } from "./api";
import { conditionsText, scopeText, stateOf, usesText, valueText, windowText } from "./coupon-text";
import { COUPON_ROUTES } from "./paths";

type KindFilter = "" | "code" | "automatic";

const columns = (today: string): Column<Coupon>[] => [
  {
    key: "code",
    header: "Coupon",
    render: (row) => (
      <>
        {row.code !== null ? (
          <Box component="span" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
            {row.code}
          </Box>
        ) : (
          <Chip size="small" variant="outlined" color="info" label="Automatic" />
        )}
        <Typography variant="body2" sx={{ display: "block" }}>
          {row.name}
        </Typography>
        {row.code === null ? (
          <Typography variant="caption" sx={{ display: "block", color: "text.secondary" }}>
            priority {row.priority}
            {row.stackable ? ", stackable" : ""}
            {row.autoApply ? "" : ", offered only"}
          </Typography>
        ) : null}
      </>
    ),
  },
  {
    key: "value",
    header: "Value",
    render: (row) => (
      <>
        {valueText(row)}
        <Typography variant="caption" sx={{ display: "block", color: "text.secondary" }}>
          {conditionsText(row)}
        </Typography>
      </>
    ),
  },
  { key: "scope", header: "Scope", render: scopeText },
  { key: "window", header: "Window", render: windowText },
  { key: "uses", header: "Uses / Limit", nowrap: true, render: usesText },
  {
    key: "state",
    header: "State",
    nowrap: true,
    render: (row) => {
      const state = stateOf(row, today);
      return <Chip size="small" label={state.label} color={state.color} />;
    },
  },
];

const labelOf = (row: Coupon) => row.code ?? row.name;

/** /inventory/Coupon/listCoupon: coupons and promotions paged on the server, with search, a kind filter, edit, (de)activate and delete. */
export default function CouponListPage() {
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<KindFilter>("");
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(MASTER_PAGE_SIZES[1]);
  const settled = useDebouncedValue(search.trim());
  const coupons = useCoupons({ search: settled || undefined, kind: kind || undefined, page: page + 1, size: pageSize });
  const remove = useDeleteCoupon();
  const save = useSaveCoupon();
  const [toggling, setToggling] = useState<Coupon | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const result = useResultDialog();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => result.show("Success", answer.message),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };

  const confirmToggle = () => {
    if (!toggling) return;
    save.mutate(
      { id: toggling.id, input: { ...couponFormOf(toggling), active: !toggling.active } },
      {
        onSuccess: (answer) =>
          result.show("Success", `${labelOf(answer.data)} is ${answer.data.active ? "active" : "inactive"} now`),
        onError: (error) => result.show("Error", errorMessage(error)),
        onSettled: () => setToggling(null),
      },
    );
  };

  const empty = settled || kind ? "No coupon matches the search." : "No coupons or promotions yet. Add the first one.";
  return (
    <>
      <DataTable
        label="Coupons"
        columns={columns(companyToday())}
        rows={coupons.data?.data}
        rowKey={(row) => row.id}
        loading={coupons.isPending}
        fetching={coupons.isFetching}
        error={coupons.error}
        onRetry={() => void coupons.refetch()}
        errorTitle="Could not load the coupons."
        emptyMessage={empty}
        toolbar={
          <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center" }}>
            <SearchField
              label="Search code or name"
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(0);
              }}
            />
            <TextField
              select
              size="small"
              label="Kind"
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as KindFilter);
                setPage(0);
              }}
              sx={{ minWidth: 200 }}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">All</MenuItem>
              <MenuItem value="code">Coupon codes</MenuItem>
              <MenuItem value="automatic">Automatic promotions</MenuItem>
            </TextField>
            <Button component={RouterLink} to={COUPON_ROUTES.add} variant="contained" startIcon={<AddIcon />}>
              Add Coupon
            </Button>
          </Box>
        }
        server={{
          total: coupons.data?.total_results ?? 0,
          page,
          pageSize,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(0);
          },
        }}
        pageSizeOptions={MASTER_PAGE_SIZES}
        actionsHeader="Actions"
        rowActions={(row) => (
          <Box sx={{ display: "flex" }}>
            <Tooltip title={`Edit ${labelOf(row)}`}>
              <IconButton
                component={RouterLink}
                to={`${COUPON_ROUTES.add}?id=${row.id}`}
                aria-label={`Edit ${labelOf(row)}`}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={`${row.active ? "Deactivate" : "Activate"} ${labelOf(row)}`}>
              <IconButton
                onClick={() => setToggling(row)}
                aria-label={`${row.active ? "Deactivate" : "Activate"} ${labelOf(row)}`}
              >
                {row.active ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
              </IconButton>
            </Tooltip>
            {row.usedCount === 0 ? (
              <Tooltip title={`Delete ${labelOf(row)}`}>
                <IconButton onClick={() => setDeleting(row)} aria-label={`Delete ${labelOf(row)}`}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
          </Box>
        )}
      />
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.active ? "Deactivate coupon" : "Activate coupon"}
        message={
          toggling
            ? toggling.active
              ? `Deactivate ${labelOf(toggling)}? The POS stops applying it; its redemptions stay on record.`
              : `Activate ${labelOf(toggling)} again?`
            : ""
        }
        confirmLabel={toggling?.active ? "Deactivate" : "Activate"}
        busy={save.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setToggling(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete coupon"
        message={
          deleting
            ? `Delete ${labelOf(deleting)} (${deleting.name})? A coupon that has been redeemed cannot be deleted; deactivate it instead.`
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
