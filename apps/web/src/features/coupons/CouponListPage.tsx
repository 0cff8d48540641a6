import { type Coupon, couponFormOf } from "@cargodesk/shared";
import { Box, Chip, MenuItem, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useActiveToggle } from "../../components/ActiveToggle";
import { type Column, MASTER_PAGE_SIZES } from "../../components/DataTable";
import { ListPage } from "../../components/ListPage";
import { useResultDialog } from "../../components/ResultDialog";
import { useServerPaging } from "../../components/server-paging";
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

/** /inventory/Coupon/listCoupon: coupons and promotions paged on the server, with search, a kind filter, edit, (de)activate and delete. */
export default function CouponListPage() {
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<KindFilter>("");
  const { page, pageSize, setPage, paging } = useServerPaging(MASTER_PAGE_SIZES[1]);
  const settled = useDebouncedValue(search.trim());
  const coupons = useCoupons({ search: settled || undefined, kind: kind || undefined, page: page + 1, size: pageSize });
  const save = useSaveCoupon();
  const result = useResultDialog();
  const toggle = useActiveToggle<Coupon>({
    noun: "coupon",
    result,
    send: (row, handlers) =>
      save.mutate({ id: row.id, input: { ...couponFormOf(row), active: !row.active } }, handlers),
    busy: save.isPending,
    deactivateMessage: (row) => `Deactivate ${row.name}? The POS stops applying it; its redemptions stay on record.`,
    activateMessage: (row) => `Activate ${row.name} again?`,
  });

  return (
    <ListPage
      label="Coupons"
      columns={columns(companyToday())}
      rows={coupons.data?.data}
      query={coupons}
      errorTitle="Could not load the coupons."
      emptyMessage={
        settled || kind ? "No coupon matches the search." : "No coupons or promotions yet. Add the first one."
      }
      add={{ to: COUPON_ROUTES.add, label: "Add Coupon" }}
      search={{
        label: "Search code or name",
        value: search,
        onChange: (value) => {
          setSearch(value);
          setPage(0);
        },
      }}
      filters={
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
      }
      server={paging(coupons.data?.total_results ?? 0)}
      pageSizeOptions={MASTER_PAGE_SIZES}
      middleActions={toggle.action}
      remove={{
        mutation: useDeleteCoupon(),
        title: "Delete coupon",
        message: (row) =>
          `Delete ${row.code ?? "the promotion"} (${row.name})? A coupon that has been redeemed cannot be deleted; deactivate it instead.`,
      }}
      result={result}
    >
      {toggle.dialog}
    </ListPage>
  );
}
