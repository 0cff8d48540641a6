import {
  hasPermission,
  INTEGRATION_FIELDS,
  POS_INTEGRATION_FIELDS,
  perm,
  posMappingMissing,
  STORE_INTEGRATION_FIELDS,
} from "@cargodesk/shared";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { Alert, Box, Button, Chip, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable } from "../../components/DataTable";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { useSession } from "../../lib/session";
import { type AccountRef, nodeLabel, useIntegration } from "./api";
import { INTEGRATION_ADD_PATH } from "./paths";
import { StockLockSetting } from "./StockLockSetting";
import { VoucherApprovalSetting } from "./VoucherApprovalSetting";

const LEVEL_NAMES: Record<number, string> = { 2: "Level Two group", 3: "Level Three group", 4: "Account" };

interface SettingRow {
  key: string;
  label: string;
  node: AccountRef | null;
  /** What is used while the setting is empty. */
  fallback?: string;
}
interface HeadingRow {
  heading: string;
  label: string;
  groups: readonly AccountRef[];
}

const settingColumns: readonly Column<SettingRow>[] = [
  { key: "setting", header: "Setting", render: (row) => row.label },
  { key: "code", header: "Code", nowrap: true, render: (row) => row.node?.allLevelKey ?? "—" },
  { key: "name", header: "Name", render: (row) => row.node?.name ?? row.fallback ?? "Not set" },
  { key: "level", header: "Kind", render: (row) => (row.node ? (LEVEL_NAMES[row.node.level] ?? "—") : "—") },
];

const headingColumns: readonly Column<HeadingRow>[] = [
  { key: "heading", header: "Heading", nowrap: true, render: (row) => row.label },
  {
    key: "groups",
    header: "Groups and accounts",
    render: (row) =>
      row.groups.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          None
        </Typography>
      ) : (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
          {row.groups.map((group) => (
            <Chip key={group._id} size="small" label={nodeLabel(group)} />
          ))}
        </Box>
      ),
  },
];

interface SectionProps<T> {
  title: string;
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
}

/** A short, unpaged read-only table under its heading. */
function Section<T extends { key?: string; heading?: string }>({ title, label, columns, rows }: SectionProps<T>) {
  if (!rows) return null;
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key ?? row.heading ?? ""}
      paged={false}
      maxHeight={null}
      toolbar={
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      }
    />
  );
}

/** /setting/MasterControl/listMasterControl: the current Accounts Integration settings, read-only, with Edit. */
export default function IntegrationListPage() {
  const settings = useIntegration();
  const session = useSession();
  const canEdit = hasPermission(
    session?.permissions ?? [],
    perm("Setting", "Accounts Integration", "Add Accounts Integration"),
  );
  const settingRows = settings.data
    ? INTEGRATION_FIELDS.map((field) => ({
        key: field.key,
        label: field.label,
        node: settings.data.accounts[field.key] ?? null,
      }))
    : undefined;
  const storeRows = settings.data
    ? STORE_INTEGRATION_FIELDS.map((field) => ({
        key: field.key,
        label: field.label,
        node: settings.data.accounts[field.key] ?? null,
        fallback:
          field.key === "restaurantCustomersGroupId"
            ? `Not set: the Customers' Receivables Group (${settings.data.accounts.receivablesGroupId?.name ?? "not set"}) is used`
            : undefined,
      }))
    : undefined;
  const posRows = settings.data
    ? POS_INTEGRATION_FIELDS.map((field) => ({
        key: field.key,
        label: field.label,
        node: settings.data.accounts[field.key] ?? null,
        fallback: "Not set: Day Close refuses until it is",
      }))
    : undefined;
  const posMissing = POS_INTEGRATION_FIELDS.filter((field) => settings.data && !settings.data.accounts[field.key]);

  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="body1" sx={{ color: "text.secondary", flex: 1, minWidth: 240 }}>
          The groups and accounts the system posts to, and what makes up each profit and loss heading.
        </Typography>
        {canEdit ? (
          <Button component={RouterLink} to={INTEGRATION_ADD_PATH} variant="contained" startIcon={<EditOutlinedIcon />}>
            Edit
          </Button>
        ) : null}
      </Box>
      {settings.data && settingRows?.some((row) => row.node === null) ? (
        <Alert severity="warning">
          Some settings are not made yet; vouchers and reports that need them will refuse.
        </Alert>
      ) : null}
      <Section title="System accounts" label="Accounts Integration" columns={settingColumns} rows={settingRows} />
      <Section title="POS and Inventory" label="POS and Inventory" columns={settingColumns} rows={storeRows} />
      {posMissing.length > 0 ? (
        <Alert severity="warning">
          Day Close cannot post a day until these are set: {posMissing.map(posMappingMissing).join("; ")}.
        </Alert>
      ) : null}
      <Section title="POS (Day Close)" label="POS accounts" columns={settingColumns} rows={posRows} />
      <Section
        title="Profit and loss headings"
        label="Profit and Loss Headings"
        columns={headingColumns}
        rows={settings.data?.plHeadings}
      />
      <VoucherApprovalSetting canEdit={canEdit} />
      <StockLockSetting canEdit={canEdit} />
      {settings.isPending ? <PageLoader label="Loading the accounts integration settings" /> : null}
      {settings.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the settings. {errorMessage(settings.error)}
        </Alert>
      ) : null}
    </Box>
  );
}
